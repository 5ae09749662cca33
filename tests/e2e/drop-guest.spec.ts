import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { heicFrom, tempFolder } from "../support/media-files.ts";
import { ownerWithCollection } from "./support/accounts.ts";
import { appDropLink } from "./support/drop-links.ts";
import { FIXTURES, PHOTOS } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * A drop link's guest page (ADR 098), in both projects, at a phone's 360 px: a guest comes in
 * with their name and the link's PIN, sends real photos (a JPEG and an iPhone's HEIC), sees the
 * thank-you and what they sent, and deletes one; paused, revoked and expired links say so; a
 * wrong PIN says only that. With JavaScript the files go by tus, with progress; without it, by
 * the plain multipart form.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

test.use({ viewport: { width: 360, height: 800 } });

async function linkOf(overrides: Parameters<typeof appDropLink>[1] = {}) {
  const setup = await ownerWithCollection(
    { prefix: "drop-owner", nickname: "Olga Owner", team: "Garden Club" },
    { name: "Party photos", mode: "owned" },
  );
  const link = await appDropLink(setup, overrides);
  return { setup, link, url: `/d/${link.token}` };
}

async function open(page: Page, url: string) {
  await page.goto(url);
  if (withJavaScript()) await hydrated(page);
}

/** An iPhone-style HEIC made from one of the suite's photos with heif-enc. */
async function heicPhoto() {
  const folder = await tempFolder("drop-heic");
  const file = path.join(folder, "garden.heic");
  await heicFrom([PHOTOS[1] as string], file);
  return file;
}

/** Sends the files with whatever the page offers: tus with JavaScript, the form without. */
async function send(page: Page, files: string[]) {
  if (withJavaScript()) {
    const patches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().includes("/api/uploads/")) {
        patches.push(request.url());
      }
    });
    await page.getByTestId("upload-input").setInputFiles(files);
    for (const file of files) {
      await expect(
        page.getByRole("progressbar", { name: `Upload progress of ${path.basename(file)}` }),
      ).toBeVisible();
    }
    await expect(page.getByTestId("drop-thanks")).toBeVisible({ timeout: 20_000 });
    // The bytes went by tus, straight to the API's upload addresses.
    expect(patches.length).toBeGreaterThanOrEqual(files.length);
  } else {
    await page.getByLabel("Choose photos or videos").setInputFiles(files);
    await page.getByRole("button", { name: "Send" }).click();
  }
}

test("a guest comes in with name and PIN, sends two photos, sees them and deletes one", async ({
  page,
}) => {
  test.slow();
  const { url } = await linkOf({
    title: "Anna's garden party",
    message: "Send us your photos of the day!",
    pin: "2468",
    ask_name: "required",
    deadline_at: Date.now() + 7 * 86_400_000,
    time_zone: "Europe/Rome",
  });
  const response = await page.goto(url);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["referrer-policy"]).toBe("same-origin");
  if (withJavaScript()) await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Anna's garden party" })).toBeVisible();
  await expect(page.getByTestId("drop-team")).toHaveText("Garden Club");
  await expect(page.getByText(/Open until .* \(Europe\/Rome time\)/)).toBeVisible();
  // Behind the PIN, the message waits; no cookie banner asks anything.
  await expect(page.getByText("Send us your photos of the day!")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /cookie/i })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  await page.getByLabel("PIN").fill("2468");
  await page.getByLabel("Your name").fill("Nonna Pia");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Send us your photos of the day!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send photos and videos" })).toBeVisible();
  if (!withJavaScript()) {
    // The limits show before any file is chosen: the form's own, for each file.
    await expect(page.getByText(/Each file up to 2 GB/)).toBeVisible();
  } else {
    await hydrated(page);
    // By tus nothing but the API's maximum limits a file here: no limit worth saying.
    await expect(page.getByText(/Each file up to/)).toHaveCount(0);
  }

  const heic = await heicPhoto();
  await send(page, [PHOTOS[0] as string, heic]);
  await expect(page.getByTestId("drop-thanks")).toHaveText("2 files sent, thank you!");
  const sent = page.getByRole("region", { name: "Sent from this browser" });
  await expect(sent.getByText("lake.jpg")).toBeVisible();
  await expect(sent.getByText("garden.heic")).toBeVisible();

  // "Send more": the upload again, the list still there.
  await page.getByRole(withJavaScript() ? "button" : "link", { name: "Send more" }).click();
  await expect(page.getByTestId("drop-thanks")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Send photos and videos" })).toBeVisible();

  await sent.getByRole("button", { name: "Delete lake.jpg" }).click();
  await expect(page.getByText("File deleted.")).toBeVisible();
  await expect(sent.getByText("lake.jpg")).toHaveCount(0);
  await expect(sent.getByText("garden.heic")).toBeVisible();
});

test("a link that asks nothing lets the guest in with their first photo", async ({ page }) => {
  const { url } = await linkOf({ title: "Open drop", hold_for_review: 1 });
  await open(page, url);
  await expect(
    page.getByText("The organisers look at each file before others can see it."),
  ).toBeVisible();
  await send(page, [PHOTOS[2] as string]);
  await expect(page.getByTestId("drop-thanks")).toHaveText("1 file sent, thank you!");
  const sent = page.getByRole("region", { name: "Sent from this browser" });
  await expect(sent.getByText("sunset.jpg")).toBeVisible();
  await expect(sent.getByText(/waiting for review/)).toBeVisible();
});

test("a link with bytes per guest says each file's limit and what is left, with or without JavaScript", async ({
  page,
}) => {
  const { url } = await linkOf({ guest_max_bytes: 40 * 1024 * 1024, guest_max_files: 5 });
  await open(page, url);
  await expect(page.getByRole("heading", { name: "Send photos and videos" })).toBeVisible();
  await expect(
    page.getByText("Each file up to 40 MB. You can send 5 more files. 40 MB left for you to send."),
  ).toBeVisible();
});

test("without JavaScript, a file that is not what its name says is listed as not sent, and the photo beside it arrives", async ({
  page,
}) => {
  test.skip(withJavaScript(), "the plain form is what shows without JavaScript");
  const { url } = await linkOf({ title: "Mixed bag" });
  await open(page, url);
  await send(page, [PHOTOS[0] as string, path.join(FIXTURES, "not-a-photo.jpg")]);
  await expect(page.getByTestId("upload-summary")).toHaveText(
    "1 uploaded, 1 refused: not-a-photo.jpg, type not accepted",
  );
  await expect(page.getByText("These files were not uploaded:")).toBeVisible();
  await expect(page.locator(".upload-failures li")).toHaveText([
    "not-a-photo.jpg: This kind of file is not accepted, or its content does not match its type.",
  ]);
  // Let in by this very post, the guest already sees what arrived, and again on the next visit.
  for (const visit of ["answer", "next visit"]) {
    if (visit === "next visit") await page.goto(url);
    const sent = page.getByRole("region", { name: "Sent from this browser" });
    await expect(sent.getByText("lake.jpg"), visit).toBeVisible();
    await expect(sent.getByText("not-a-photo.jpg"), visit).toHaveCount(0);
  }
});

test("a wrong PIN says only that the PIN is not right", async ({ page }) => {
  const { url } = await linkOf({ pin: "13579", ask_name: "optional" });
  await open(page, url);
  await page.getByLabel("PIN").fill("0000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That PIN is not right.");
  await expect(page.getByRole("heading", { name: "Send photos and videos" })).toHaveCount(0);
});

test("paused, revoked and expired links each say so", async ({ page }) => {
  const cases = [
    [{ status: "paused" as const }, "This link is paused", "Please try again later."],
    [{ status: "revoked" as const }, "This link no longer works", "Ask whoever shared it"],
    [{ deadline_at: Date.now() - 60_000 }, "The deadline has passed", "no longer takes files"],
  ] as const;
  for (const [overrides, title, message] of cases) {
    const { url } = await linkOf(overrides);
    await open(page, url);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send photos and videos" })).toHaveCount(0);
  }
});

test("an unknown link is a plain not-found page", async ({ page }) => {
  const response = await page.goto("/d/AAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
