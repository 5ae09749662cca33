import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  FIXTURES,
  fileRowOf,
  preferList,
  testVideo,
  updateFileRow,
  uploadViaApi,
  waitUntilReady,
} from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Photos and videos as phones make them (docs/product.md#thumbnails), in both projects: the list
 * and the preview say where each file's preview stands (processing, ready, or none and why), a
 * video's row shows its poster and length, and its preview plays and seeks over Range requests.
 * A real JPEG gets its thumbnails from the server; the states the processor would write for a
 * video (a poster and a length), or for a file it could not read, are set in the app's database
 * file, and a poster is the photo's own pictures.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;
const rows = (page: Page) => page.locator(".files-table tbody tr");
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** Signs a new owner in on a collection holding `files` (name and type), all processed. */
async function collectionWith(page: Page, prefix: string, files: [string, string][]) {
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix, nickname: "Vera Video", team: "Film Club" },
    { name: "Holidays" },
  );
  const ids: Record<string, string> = {};
  for (const [file, type] of files) {
    ids[path.basename(file)] = await uploadViaApi(token, teamId, collectionId, file, type);
  }
  await waitUntilReady(token, teamId, collectionId, files.length);
  await signIn(page, owner.email, owner.password);
  return { ids, url };
}

/** Pictures a processed file has; a file still processing has none yet. */
const NO_PICTURES = { thumbnail_key: null, thumbnail_large_key: null, preview_key: null };

/** Holds a processed file as it was while processing; answers what lets it go again. */
function holdAsProcessing(fileId: string) {
  const { thumbnail_key, thumbnail_large_key, preview_key } = fileRowOf(fileId);
  updateFileRow(fileId, { status: "processing", ...NO_PICTURES });
  return () =>
    updateFileRow(fileId, {
      status: "ready",
      thumbnail_key: thumbnail_key ?? null,
      thumbnail_large_key: thumbnail_large_key ?? null,
      preview_key: preview_key ?? null,
    });
}

/** The video as the processor leaves it: the photo's pictures for a poster, and its length. */
function giveVideoAPoster(videoId: string, photoId: string) {
  const photo = fileRowOf(photoId);
  updateFileRow(videoId, {
    thumbnail_key: photo.thumbnail_key ?? null,
    thumbnail_large_key: photo.thumbnail_large_key ?? null,
    preview_key: photo.preview_key ?? null,
    no_preview_reason: null,
    width: 320,
    height: 240,
    duration_ms: 3000,
  });
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("the list shows a photo in the size the screen needs, a video's length, a file processing, and why one has no preview", async ({
  page,
}) => {
  const { ids, url } = await collectionWith(page, "previews-list", [
    [path.join(FIXTURES, "lake.jpg"), "image/jpeg"],
    [path.join(FIXTURES, "forest.jpg"), "image/jpeg"],
    [path.join(FIXTURES, "sunset.jpg"), "image/jpeg"],
    [testVideo("h264"), "video/mp4"],
  ]);
  const video = path.basename(testVideo("h264"));
  giveVideoAPoster(ids[video] ?? "", ids["lake.jpg"] ?? "");
  holdAsProcessing(ids["forest.jpg"] ?? "");
  updateFileRow(ids["sunset.jpg"] ?? "", { ...NO_PICTURES, no_preview_reason: "damagedFile" });
  await page.goto(url);
  await expect(rows(page)).toHaveCount(4);

  // The photo: 70 px for a 35 px place on a 2× screen, 320 px above; lazy, sized, decoded aside.
  const photo = rowOf(page, "lake.jpg").locator("img");
  await expect(photo).toHaveAttribute("srcset", /\S+ 70w, \S+ 320w$/);
  await expect(photo).toHaveAttribute("sizes", "35px");
  await expect(photo).toHaveAttribute("loading", "lazy");
  await expect(photo).toHaveAttribute("decoding", "async");
  await expect(photo).toHaveAttribute("width", "35");
  await expect(photo).toHaveAttribute("height", "35");
  // At 1×, the 70 px one (shown at 35 px).
  await expect
    .poll(() =>
      photo.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc === image.src),
    )
    .toBe(true);

  // The video: its poster, its length over it, and the length said after its name.
  const videoRow = rowOf(page, video);
  await expect(videoRow.locator("img")).toBeVisible();
  await expect(videoRow.locator(".file-duration")).toHaveText("0:03");
  await expect(videoRow.getByRole("link", { name: `${video} Length 0:03` })).toBeVisible();

  // Still processing, and no preview with why: on hover and for screen readers.
  await expect(rowOf(page, "forest.jpg").getByText("Processing", { exact: true })).toBeVisible();
  const damaged = rowOf(page, "sunset.jpg");
  await expect(damaged.locator("img")).toHaveCount(0);
  await expect(damaged.locator("[title='No preview: damaged file']")).toBeVisible();
  await expect(
    damaged.getByRole("link", { name: "sunset.jpg No preview: damaged file" }),
  ).toBeVisible();
  await expect(rowOf(page, "sunset.jpg").getByText("Processing", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a video's preview plays and seeks over Range requests, and its arrows stay the video's", async ({
  page,
}) => {
  const file = testVideo("h264");
  const name = path.basename(file);
  const { ids, url } = await collectionWith(page, "previews-play", [
    [path.join(FIXTURES, "lake.jpg"), "image/jpeg"],
    [file, "video/mp4"],
  ]);
  giveVideoAPoster(ids[name] ?? "", ids["lake.jpg"] ?? "");
  const ranges: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/blobs/") && response.request().headers().range) {
      ranges.push(response.status());
    }
  });
  const previewUrl = `${url}/files/${ids[name]}`;
  await page.goto(previewUrl);
  const dialog = page.getByRole("dialog", { name });
  const video = dialog.locator("video");
  await expect(video).toHaveAttribute("controls", "");
  await expect(video).toHaveAttribute("poster", /\/api\/blobs\//);
  const src = (await video.getAttribute("src")) ?? "";
  expect(src).toMatch(/\/api\/blobs\//);
  // Its content, for a browser that shows no videos: Download.
  await expect(video.locator("a")).toHaveText("Download");

  if (!withJavaScript()) {
    // The browser's own controls need no script: the link answers the ranges they ask for.
    const response = await fetch(new URL(src, appUrl), { headers: { Range: "bytes=0-99" } });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    return;
  }
  await hydrated(page);
  const played = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => {
      const check = () => (element.currentTime > 0 ? resolve(null) : undefined);
      element.addEventListener("timeupdate", check);
    });
    element.pause();
    const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve));
    element.currentTime = 1.5;
    await seeked;
    return { currentTime: element.currentTime, width: element.videoWidth };
  });
  expect(played).toEqual({ currentTime: 1.5, width: 320 });
  expect(ranges).toContain(206);

  // Arrows on the focused video seek it; they do not leave for the next file.
  await video.focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`/files/${ids[name]}`));
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a video this browser cannot decode says so and offers Download", async ({ page }) => {
  test.skip(!withJavaScript(), "Without JavaScript the browser's own player says it");
  const file = testVideo("hevc");
  const name = path.basename(file);
  const { ids, url } = await collectionWith(page, "previews-hevc", [[file, "video/mp4"]]);
  await page.goto(`${url}/files/${ids[name]}`);
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog.getByText("This browser can't play this video")).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.locator("video")).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "Download" })).toHaveCount(2);
});

test("a file with no preview says why and offers Download, never that it is being prepared", async ({
  page,
}) => {
  const { ids, url } = await collectionWith(page, "previews-none", [
    [path.join(FIXTURES, "sunset.jpg"), "image/jpeg"],
  ]);
  updateFileRow(ids["sunset.jpg"] ?? "", { ...NO_PICTURES, no_preview_reason: "damagedFile" });
  await page.goto(`${url}/files/${ids["sunset.jpg"]}`);
  const dialog = page.getByRole("dialog", { name: "sunset.jpg" });
  await expect(dialog.getByText("There is no preview: the file seems damaged.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Download" })).toHaveCount(2);
  await expect(dialog.getByText(/being prepared/i)).toHaveCount(0);
  await expect(dialog.getByRole("img", { name: "sunset.jpg" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a file being prepared says so, and shows its picture once it is ready", async ({ page }) => {
  const { ids, url } = await collectionWith(page, "previews-pending", [
    [path.join(FIXTURES, "forest.jpg"), "image/jpeg"],
  ]);
  const fileId = ids["forest.jpg"] ?? "";
  const ready = holdAsProcessing(fileId);
  await page.goto(`${url}/files/${fileId}`);
  const dialog = page.getByRole("dialog", { name: "forest.jpg" });
  await expect(dialog.getByText("Being prepared…")).toBeVisible();
  await expect(dialog.getByText(/no preview/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  if (withJavaScript()) {
    await hydrated(page);
    await expect(dialog.getByRole("link", { name: "Refresh" })).toHaveCount(0);
    ready();
    // No reload from the test: the preview looks again by itself.
    await expect(dialog.getByRole("img", { name: "forest.jpg" })).toBeVisible({ timeout: 15_000 });
  } else {
    ready();
    await dialog.getByRole("link", { name: "Refresh" }).click();
    await expect(
      page.getByRole("dialog", { name: "forest.jpg" }).getByRole("img", { name: "forest.jpg" }),
    ).toBeVisible();
  }
  await expect(page.getByText("Being prepared…")).toHaveCount(0);
});
