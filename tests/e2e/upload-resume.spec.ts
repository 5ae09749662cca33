import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, type Route, test } from "@playwright/test";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { appDropLink } from "./support/drop-links.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Uploads a reload interrupted (ADR 104): the browser remembers each started file until it
 * arrives. A small file is kept whole and goes on by itself after the reload; a large one waits
 * for the same file to be picked again; either goes on from the server's offset, not from zero.
 * Every page of the team says what was interrupted, and an interrupted upload can be discarded.
 * A drop link's guest page does the same.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the upload queue needs JavaScript");
test.describe.configure({ timeout: 90_000 });

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-resume-"));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A PDF of `bytes` on disk (its first bytes, so the sniff takes it, then random bytes). */
function pdfFile(name: string, bytes: number) {
  const head = Buffer.from("%PDF-1.4\n");
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat([head, randomBytes(bytes - head.length)]));
  return file;
}

async function openUpload(page: Page, team: string, collection: string) {
  const { owner, url } = await ownerWithCollection(
    { prefix: "resume", nickname: "Rita Resume", team },
    { name: collection, mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(`${url}/upload`);
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog.getByTestId("upload-input")).toBeAttached();
  return { dialog, url };
}

/**
 * Holds the upload's PATCH number `which` (1 first) for good, as a page that is reloaded in the
 * middle of a chunk never finishes it; answers when it is reached. The PATCHes after it are
 * listed with their Upload-Offset, once `stopHolding` has been called.
 */
function holdPatch(page: Page, which: number) {
  let count = 0;
  let reachedIt = () => {};
  const reached = new Promise<void>((resolve) => {
    reachedIt = resolve;
  });
  let holding = true;
  const offsetsAfter: number[] = [];
  void page.route(
    (url) => url.pathname.startsWith("/api/uploads/"),
    async (route: Route) => {
      const request = route.request();
      if (request.method() === "PATCH") {
        if (!holding) offsetsAfter.push(Number(request.headers()["upload-offset"]));
        else if (++count >= which) {
          reachedIt();
          return; // Never answered: the reload ends it.
        }
      }
      await route.continue().catch(() => undefined);
    },
  );
  return {
    reached,
    offsetsAfter,
    stopHolding: () => {
      holding = false;
    },
  };
}

/** What the page remembers of its unfinished uploads. */
const remembered = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("uploads.unfinished") ?? "[]") as {
        name: string;
        sent: number;
        kept: boolean;
      }[],
  );

test("a small file goes on by itself after a reload, from the server's offset", async ({
  page,
}) => {
  // Small chunks, as after a proxy's body limit (ADR 103), so that a 2 MB file has several.
  await page.addInitScript(() => sessionStorage.setItem("uploads.chunkBytes", String(256 * 1024)));
  const { dialog, url } = await openUpload(page, "Reloaded", "Terrace");
  const hold = holdPatch(page, 3);
  await dialog.getByTestId("upload-input").setInputFiles(pdfFile("terrace.pdf", 2 * MiB));
  await hold.reached;
  await expect.poll(async () => (await remembered(page))[0]?.kept).toBe(true);
  expect((await remembered(page))[0]).toMatchObject({ name: "terrace.pdf", sent: 512 * 1024 });

  hold.stopHolding();
  await page.reload();
  const row = page
    .getByRole("dialog", { name: "Upload files" })
    .getByRole("listitem")
    .filter({ hasText: "terrace.pdf" });
  await expect(row).toContainText("Uploaded", { timeout: 30_000 });
  // The first chunk after the reload starts where the server got to, not at zero.
  expect(hold.offsetsAfter[0]).toBe(512 * 1024);
  expect(await remembered(page)).toEqual([]);

  await page.goto(url);
  await expect(page.getByRole("link", { name: "terrace.pdf" })).toHaveCount(1);
  await expect(page.getByTestId("interrupted-uploads")).toHaveCount(0);
});

test("a large file waits for its pick after a reload; the team's pages say so; picked again, it goes on from the offset", async ({
  page,
}) => {
  const { dialog, url } = await openUpload(page, "Picked again", "Quarry");
  const film = pdfFile("quarry.pdf", 40 * MiB);
  const hold = holdPatch(page, 2);
  await dialog.getByTestId("upload-input").setInputFiles(film);
  await hold.reached;
  await expect.poll(async () => (await remembered(page))[0]?.sent).toBe(8 * MiB);
  // Over the budget of files kept whole (ADR 104).
  expect((await remembered(page))[0]?.kept).toBe(false);

  hold.stopHolding();
  await page.reload();
  const reopened = page.getByRole("dialog", { name: "Upload files" });
  const row = reopened.getByRole("listitem").filter({ hasText: "quarry.pdf" });
  await expect(row).toContainText("Interrupted at 20%: pick this file again to finish it");
  await expect(reopened.getByTestId("upload-interrupted")).toContainText(
    "1 upload was interrupted (32 MB left)",
  );

  // Any page of the team says so, and leads back.
  await page.goto(url.replace(/\/collections\/.*$/, ""));
  const notice = page.getByTestId("interrupted-uploads");
  await expect(notice).toContainText("1 upload to Quarry was interrupted (32 MB left).");
  await notice.getByRole("link", { name: "Finish uploading" }).click();
  const again = page.getByRole("dialog", { name: "Upload files" });
  await expect(again.getByRole("listitem").filter({ hasText: "quarry.pdf" })).toContainText(
    "Interrupted",
  );
  await again.getByTestId("upload-input").setInputFiles(film);
  await expect(again.getByRole("listitem").filter({ hasText: "quarry.pdf" })).toContainText(
    "Uploaded",
    { timeout: 60_000 },
  );
  expect(hold.offsetsAfter[0]).toBe(8 * MiB);
  // One row, one file: the pick took the interrupted row back.
  await expect(again.getByRole("listitem")).toHaveCount(1);
  await page.goto(url);
  await expect(page.getByRole("link", { name: "quarry.pdf" })).toHaveCount(1);
});

test("an interrupted upload can be discarded, here and from the team's pages", async ({ page }) => {
  const { dialog, url } = await openUpload(page, "Discarded", "Yard");
  const hold = holdPatch(page, 2);
  await dialog
    .getByTestId("upload-input")
    .setInputFiles([pdfFile("yard-a.pdf", 40 * MiB), pdfFile("yard-b.pdf", 40 * MiB)]);
  await hold.reached;
  await expect.poll(async () => (await remembered(page)).length).toBe(2);
  hold.stopHolding();
  await page.goto(url);

  const notice = page.getByTestId("interrupted-uploads");
  await expect(notice).toContainText("2 uploads to Yard were interrupted");
  await page.goto(`${url}/upload`);
  const reopened = page.getByRole("dialog", { name: "Upload files" });
  await reopened.getByRole("button", { name: "Discard yard-a.pdf" }).click();
  await expect(reopened.getByRole("listitem")).toHaveCount(1);
  expect((await remembered(page)).map((upload) => upload.name)).toEqual(["yard-b.pdf"]);

  await page.goto(url);
  await expect(notice).toContainText("1 upload to Yard was interrupted");
  await notice.getByRole("button", { name: "Discard" }).click();
  await expect(notice).toHaveCount(0);
  expect(await remembered(page)).toEqual([]);
});

test("a drop link's guest gets the same: a reload in the middle, and the photo still arrives", async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.setItem("uploads.chunkBytes", String(256 * 1024)));
  const setup = await ownerWithCollection(
    { prefix: "resume-drop", nickname: "Olga Owner", team: "Garden Club" },
    { name: "Party photos", mode: "owned" },
  );
  const link = await appDropLink(setup, { title: "Garden party" });
  await page.goto(`/d/${link.token}`);
  await hydrated(page);
  const hold = holdPatch(page, 3);
  await page.getByTestId("upload-input").setInputFiles(pdfFile("menu.pdf", 2 * MiB));
  await hold.reached;
  await expect.poll(async () => (await remembered(page))[0]?.kept).toBe(true);

  hold.stopHolding();
  await page.reload();
  await expect(page.getByTestId("drop-thanks")).toHaveText("1 file sent, thank you!", {
    timeout: 30_000,
  });
  expect(hold.offsetsAfter[0]).toBe(512 * 1024);
  const sent = page.getByRole("region", { name: "Sent from this browser" });
  await expect(sent.getByText("menu.pdf")).toBeVisible();
  expect(await remembered(page)).toEqual([]);
});
