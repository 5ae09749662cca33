import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { pythonZipCheck } from "../support/zip-tools.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  fileRows,
  preferList,
  testVideo,
  uploadThroughDialog,
  waitForThumbnails,
} from "./support/files.ts";
import { openMenu } from "./support/menus.ts";

/*
 * What a phone sends, end to end in both projects (docs/product.md#thumbnails): an iPhone photo
 * (HEIC, held upright, so its EXIF turns it) and a video, uploaded through the dialog (the file
 * chooser with JavaScript, the plain form without), get thumbnails within seconds, preview full
 * screen the right way up, the video plays, and the collection's zip holds both originals byte
 * for byte. The files are made here with sharp, exiftool, heif-enc and ffmpeg.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** A HEIC as an iPhone held upright writes it: stored 600 × 400, EXIF orientation 6. */
async function iphonePhoto(folder: string) {
  const jpeg = path.join(folder, "IMG_0001.jpg");
  await sharp({ create: { width: 600, height: 400, channels: 3, background: "#c0392b" } })
    .composite([
      {
        input: await sharp({
          create: { width: 600, height: 200, channels: 3, background: "#2c3e80" },
        })
          .png()
          .toBuffer(),
        top: 200,
        left: 0,
      },
    ])
    .jpeg()
    .toFile(jpeg);
  execFileSync("exiftool", [
    "-q",
    "-overwrite_original",
    "-Orientation#=6",
    "-DateTimeOriginal=2024:07:14 09:30:00",
    jpeg,
  ]);
  const heic = path.join(folder, "IMG_0001.HEIC");
  execFileSync("heif-enc", ["-q", "60", jpeg, "-o", heic]);
  return heic;
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("an iPhone photo and a video from the upload dialog: thumbnails, previews, playback and the zip", async ({
  page,
}) => {
  test.slow();
  const folder = test.info().outputPath("phone");
  fs.mkdirSync(folder, { recursive: true });
  const heic = await iphonePhoto(folder);
  const video = path.join(folder, "IMG_0002.MP4");
  fs.copyFileSync(testVideo("h264"), video);

  const { owner, teamId, url } = await ownerWithCollection(
    { prefix: "phone-media", nickname: "Paolo Phone", team: "Site crew" },
    { name: "Roof", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  await uploadThroughDialog(page, [heic, video]);
  await waitForThumbnails(page, 2);
  const videoRow = fileRows(page).filter({ hasText: "IMG_0002.MP4" });
  await expect(videoRow.getByText("0:03", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The photo previews upright: the phone was held portrait.
  await fileRows(page).getByRole("link", { name: "IMG_0001.HEIC" }).click();
  const photo = page.getByRole("dialog", { name: "IMG_0001.HEIC" });
  const picture = photo.getByRole("img", { name: "IMG_0001.HEIC" });
  await expect(picture).toBeVisible();
  await expect
    .poll(() =>
      picture.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
    )
    .toEqual([400, 600]);
  await expect(photo.getByText(/being prepared/i)).toHaveCount(0);

  // The video plays in the preview, from the start, with its length.
  await page.goto(url);
  await fileRows(page).getByRole("link", { name: "IMG_0002.MP4" }).click();
  const player = page.getByRole("dialog", { name: "IMG_0002.MP4" }).locator("video");
  await expect(player).toBeVisible();
  if (withJavaScript()) {
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => Math.round(element.duration)))
      .toBe(3);
  } else {
    await expect(player).toHaveAttribute("src", /disposition|\/api\/blobs\//);
  }

  // The collection's zip holds both originals, byte for byte.
  await page.goto(`/teams/${teamId}`);
  await (
    await openMenu(
      page.getByLabel("Actions for Roof"),
      page.getByRole("button", { name: "Download", exact: true }),
    )
  ).click();
  const dialog = page.getByRole("dialog", { name: "Download “Roof”" });
  await expect(dialog.getByText("Ready: 2 files")).toBeVisible({ timeout: 20_000 });
  const saving = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download now" }).click();
  const zip = test.info().outputPath("roof.zip");
  await (await saving).saveAs(zip);
  const { entries } = await pythonZipCheck(zip);
  expect(entries.map((entry) => [entry.name.split("/").at(-1), entry.sha256]).sort()).toEqual(
    [
      ["IMG_0001.HEIC", sha256(heic)],
      ["IMG_0002.MP4", sha256(video)],
    ].sort(),
  );
});
