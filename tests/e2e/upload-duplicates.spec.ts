import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { PHOTOS, waitUntilReady } from "./support/files.ts";

/*
 * Duplicates (ADR 102): with JavaScript, the dialog asks which picked files are already in the
 * collection (by name and size, then by SHA-256 hashed in a worker) and does not send them: their
 * rows say who uploaded them and when, with "Upload anyway". A file picked twice in one pick goes
 * once. Without JavaScript the form uploads as before, with no check.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

const photos = PHOTOS.slice(0, 3).map((file) => ({
  name: path.basename(file),
  mimeType: "image/jpeg",
  buffer: fs.readFileSync(file),
}));
const [lake, forest, sunset] = [photos[0]!, photos[1]!, photos[2]!];

/** The names of the files the collection holds. */
function namesIn(collectionId: string): string[] {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const rows = db
      .prepare("SELECT name FROM files WHERE collection_id = ? ORDER BY name")
      .all(collectionId) as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

async function openUpload(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole("link", { name: "Upload files" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  if (withJavaScript()) await expect(dialog.getByTestId("upload-input")).toBeAttached();
  return dialog;
}

/** Counts the files the page starts and the tus PATCHes it sends, from now on. */
function countSends(page: Page) {
  const sent = { starts: [] as string[], patches: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/upload/start")) {
      sent.starts.push(
        String(
          request
            .postDataBuffer()
            ?.toString("latin1")
            .match(/\w+\.jpg/),
        ),
      );
    }
    if (request.method() === "PATCH" && request.url().includes("/api/uploads/")) sent.patches += 1;
  });
  return sent;
}

test("files already in the collection are not sent again, unless asked", async ({ page }) => {
  test.skip(!withJavaScript(), "the duplicates check runs in the dialog, with JavaScript");
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "dups", nickname: "Ana", team: "Duplicates" },
    { name: "Holidays", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);

  // Two photos, uploaded through the dialog and processed.
  let dialog = await openUpload(page, url);
  await dialog.getByTestId("upload-input").setInputFiles([lake, forest]);
  await expect(dialog.getByTestId("upload-summary")).toHaveText("2 uploaded", { timeout: 20_000 });
  await waitUntilReady(token, teamId, collectionId, 2);

  // The same two again, and a new one: only the new one goes.
  dialog = await openUpload(page, url);
  const sent = countSends(page);
  await dialog.getByTestId("upload-input").setInputFiles([lake, forest, sunset]);
  const summary = dialog.getByTestId("upload-summary");
  await expect(summary).toHaveText("1 uploaded, 2 already here, not sent", {
    timeout: 20_000,
  });
  const rows = dialog.getByRole("list", { name: "Uploads" }).getByRole("listitem");
  const already = rows.filter({ hasText: "Already in this collection, uploaded by Ana on" });
  await expect(already).toHaveCount(2);
  await expect(rows.filter({ hasText: "lake.jpg" })).toContainText(
    "Already in this collection, uploaded by Ana on",
  );
  await expect(rows.filter({ hasText: "sunset.jpg" })).toContainText("Uploaded");
  expect(sent.starts).toEqual(["sunset.jpg"]);
  expect(sent.patches).toBe(1);

  // The upload list, at both widths, light and dark.
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${shots}/duplicates-${width}-${scheme}.png` });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // "Upload anyway" sends that one.
  await dialog.getByRole("button", { name: "Upload anyway: lake.jpg" }).click();
  await expect(summary).toHaveText("2 uploaded, 1 already here, not sent", {
    timeout: 20_000,
  });
  expect(sent.starts).toEqual(["sunset.jpg", "lake.jpg"]);
  expect(sent.patches).toBe(2);
  expect(namesIn(collectionId)).toEqual(["forest.jpg", "lake.jpg", "lake.jpg", "sunset.jpg"]);
});

test("a file picked twice in one pick is sent once", async ({ page }) => {
  test.skip(!withJavaScript(), "the duplicates check runs in the dialog, with JavaScript");
  const { owner, collectionId, url } = await ownerWithCollection(
    { prefix: "dups", nickname: "Ana", team: "Duplicates" },
    { name: "Twice", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  const dialog = await openUpload(page, url);
  const sent = countSends(page);
  await dialog
    .getByTestId("upload-input")
    .setInputFiles([lake, { ...lake, name: "lake copy.jpg" }, forest]);
  await expect(dialog.getByTestId("upload-summary")).toHaveText(
    "2 uploaded, 1 already here, not sent",
    { timeout: 20_000 },
  );
  await expect(
    dialog.getByRole("listitem").filter({ hasText: "Same file as lake.jpg: sent once" }),
  ).toContainText("lake copy.jpg");
  expect(sent.starts.sort()).toEqual(["forest.jpg", "lake.jpg"]);
  expect(namesIn(collectionId)).toEqual(["forest.jpg", "lake.jpg"]);
});

test("without JavaScript the form still uploads, with no duplicates check", async ({ page }) => {
  test.skip(withJavaScript(), "the plain form is what shows without JavaScript");
  const { owner, collectionId, url } = await ownerWithCollection(
    { prefix: "dups", nickname: "Ana", team: "Duplicates" },
    { name: "Plain", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  for (let round = 0; round < 2; round++) {
    const dialog = await openUpload(page, url);
    await dialog.getByLabel("Choose files").setInputFiles([lake]);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Files uploaded: 1.", { exact: false })).toBeVisible();
    await expect.poll(() => namesIn(collectionId).length).toBe(round + 1);
  }
  expect(namesIn(collectionId)).toEqual(["lake.jpg", "lake.jpg"]);
});
