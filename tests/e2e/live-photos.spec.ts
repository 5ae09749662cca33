import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { fileRows, preferList, uploadThroughDialog } from "./support/files.ts";

/*
 * A Live Photo from the upload dialog, in both projects (ADR 063): an iPhone's export of one
 * moment, IMG_0100.HEIC and IMG_0100.MOV, sent together, lists as one item marked Live; its
 * preview shows the photo, Play shows the film (in place with JavaScript, as this preview's
 * `live=play` address without), and the film downloads as it was sent. Made here with sharp,
 * heif-enc and ffmpeg.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** The two files of one Live Photo: a HEIC, and a 2-second QuickTime film of the same name. */
async function livePhoto(folder: string) {
  const jpeg = path.join(folder, "still.jpg");
  await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1e8449" } })
    .jpeg()
    .toFile(jpeg);
  const heic = path.join(folder, "IMG_0100.HEIC");
  execFileSync("heif-enc", ["-q", "60", jpeg, "-o", heic]);
  const film = path.join(folder, "IMG_0100.MOV");
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=480x360:rate=15", "-t", "2"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", film],
  ]);
  return { heic, film };
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("a Live Photo from the upload dialog: one item, its film played from the preview and downloaded", async ({
  page,
}) => {
  test.slow();
  const folder = test.info().outputPath("live");
  fs.mkdirSync(folder, { recursive: true });
  const { heic, film } = await livePhoto(folder);
  const { owner, url } = await ownerWithCollection(
    { prefix: "live-photo", nickname: "Lia Live", team: "Wedding" },
    { name: "Party", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  await uploadThroughDialog(page, [heic, film]);

  // Processed in the background: one row, the photo, marked Live.
  await expect(async () => {
    await page.reload();
    await expect(fileRows(page)).toHaveCount(1, { timeout: 1_000 });
    await expect(fileRows(page).locator(".file-live")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const item = fileRows(page).getByRole("link", { name: "IMG_0100.HEIC Live Photo" });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await item.click();
  const preview = page.getByRole("dialog", { name: "IMG_0100.HEIC" });
  const picture = preview.getByRole("img", { name: "IMG_0100.HEIC" });
  await expect(picture).toBeVisible();
  await preview.getByRole("link", { name: "Play the Live Photo" }).click();
  const player = preview.locator("video");
  await expect(player).toBeVisible();
  if (withJavaScript()) {
    // It plays in place, muted, once, then the photo is back.
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => Math.round(video.duration)))
      .toBe(2);
    await expect(picture).toBeVisible({ timeout: 10_000 });
    await expect(player).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/[?&]live=play/);
    await expect(player).toHaveAttribute("src", /disposition|\/api\/blobs\//);
    await expect(player).toHaveAttribute("controls", "");
    await preview.getByRole("link", { name: "Show the photo" }).click();
    await expect(picture).toBeVisible();
    await expect(page).not.toHaveURL(/live=play/);
  }
  await expectNoSeriousA11yViolations(page);

  // The film downloads as it was sent.
  const saving = page.waitForEvent("download");
  await preview.getByRole("link", { name: "Download the Live Photo's video" }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe("IMG_0100.MOV");
  const saved = test.info().outputPath("IMG_0100.MOV");
  await download.saveAs(saved);
  expect(sha256(saved)).toBe(sha256(film));
});
