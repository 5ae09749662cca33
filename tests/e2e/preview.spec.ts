import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatFileSize } from "../../domain/format.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { fileRowOf, PHOTOS, updateFileRow, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * The preview on a phone and a desktop (ADR 075), in both projects: "2 of 3" in the screen's
 * order and filters, previous and next as links (disabled at either end), controls that never
 * lie over the picture, and the details panel (details=1) with when a photo was taken and by
 * which camera, from its EXIF, or "Not recorded". With JavaScript, a sideways swipe goes to the
 * next or previous file, and the next picture is loaded ahead.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** A photo with a capture date and a camera in its EXIF (exiftool), and one with neither. */
function exifPhotos() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-preview-"));
  const dated = path.join(folder, "harbour.jpg");
  const bare = path.join(folder, "no-exif.jpg");
  fs.copyFileSync(PHOTOS[0] as string, dated);
  fs.copyFileSync(PHOTOS[1] as string, bare);
  execFileSync("exiftool", [
    "-q",
    "-overwrite_original",
    "-DateTimeOriginal=2023:08:14 09:41:00",
    "-Make=Canon",
    "-Model=Canon EOS R6",
    dated,
  ]);
  execFileSync("exiftool", ["-q", "-overwrite_original", "-all=", bare]);
  return { dated, bare };
}

/**
 * An owner's collection of three photos, newest first: no-exif.jpg (its upload's date, today),
 * sunset.jpg (taken 2024-07-01) and harbour.jpg (taken 2023-08-14, with a Canon).
 */
async function threePhotos(page: Page, prefix: string) {
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix, nickname: "Paola Preview", team: "Harbour Club" },
    { name: "Boats", mode: "collaborative" },
  );
  const { dated, bare } = exifPhotos();
  const ids: Record<string, string> = {};
  for (const file of [PHOTOS[2] as string, dated, bare]) {
    ids[path.basename(file)] = await uploadViaApi(token, teamId, collectionId, file);
  }
  await waitUntilReady(token, teamId, collectionId, 3);
  await signIn(page, owner.email, owner.password);
  const previewOf = (name: string, query = "") => `${url}/files/${ids[name]}${query}`;
  return {
    ids,
    url,
    previewOf,
    sizeOf: (file: "dated" | "bare") =>
      formatFileSize(fs.statSync(file === "dated" ? dated : bare).size),
  };
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
};

/** Every control of the preview lies beside the picture, never over it. */
async function expectControlsClearOf(page: Page, picture: Locator) {
  const image = await boxOf(picture);
  const controls = page.getByRole("dialog").locator("a, button");
  const count = await controls.count();
  expect(count).toBeGreaterThan(4);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    if (!(await control.isVisible())) continue;
    const box = await boxOf(control);
    const apart =
      box.x + box.width <= image.x ||
      image.x + image.width <= box.x ||
      box.y + box.height <= image.y ||
      image.y + image.height <= box.y;
    const name = (await control.getAttribute("aria-label")) ?? (await control.textContent());
    expect(apart, `${name} lies over the picture`).toBe(true);
  }
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("the preview says where the file is in the list, steps through it, and never covers the picture", async ({
      page,
    }) => {
      const { previewOf } = await threePhotos(page, `preview-steps-${viewport.width}`);
      await page.goto(previewOf("no-exif.jpg"));
      const dialog = page.getByRole("dialog", { name: "no-exif.jpg" });
      const picture = dialog.getByRole("img", { name: "no-exif.jpg" });
      await expect(picture).toBeVisible();
      await expect(dialog.getByText("1 of 3", { exact: true })).toBeVisible();
      // The first: Previous stays in its place, disabled.
      await expect(dialog.getByRole("button", { name: "Previous file" })).toBeDisabled();
      await expect(dialog.getByRole("link", { name: "Previous file" })).toHaveCount(0);
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete))
        .toBe(true);
      await expectControlsClearOf(page, picture);
      await expectNoSeriousA11yViolations(page);

      await dialog.getByRole("link", { name: "Next file" }).click();
      const second = page.getByRole("dialog", { name: "sunset.jpg" });
      await expect(second.getByText("2 of 3", { exact: true })).toBeVisible();
      await second.getByRole("link", { name: "Next file" }).click();
      const last = page.getByRole("dialog", { name: "harbour.jpg" });
      await expect(last.getByText("3 of 3", { exact: true })).toBeVisible();
      await expect(last.getByRole("button", { name: "Next file" })).toBeDisabled();
      await last.getByRole("link", { name: "Previous file" }).click();
      await expect(page.getByRole("dialog", { name: "sunset.jpg" })).toBeVisible();

      // The screen's order comes along: oldest first, sunset.jpg is second of three.
      await page.goto(previewOf("sunset.jpg", "?sort=asc"));
      const ascending = page.getByRole("dialog", { name: "sunset.jpg" });
      await expect(ascending.getByText("2 of 3", { exact: true })).toBeVisible();
      await expect(ascending.getByRole("link", { name: "Next file" })).toHaveAttribute(
        "href",
        /\?sort=asc$/,
      );
      await ascending.getByRole("link", { name: "Close the preview" }).click();
      await expect(page).toHaveURL(/\/collections\/[^/]+\?sort=asc$/);
    });

    test("the details panel says when a photo was taken, by whom it was uploaded, and with which camera", async ({
      page,
    }) => {
      const { previewOf, sizeOf } = await threePhotos(page, `preview-details-${viewport.width}`);
      await page.goto(previewOf("harbour.jpg"));
      const dialog = page.getByRole("dialog", { name: "harbour.jpg" });
      await expect(dialog.getByRole("region", { name: "Details" })).toHaveCount(0);
      const toggle = dialog.getByRole("link", { name: "Show the details" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(page).toHaveURL(/details=1/);
      const panel = dialog.getByRole("region", { name: "Details" });
      await expect(panel).toBeVisible();
      const value = (label: string) =>
        panel.locator(".rt-DataListItem").filter({ has: page.getByText(label, { exact: true }) });
      await expect(value("Taken")).toContainText("Aug 14, 2023, 9:41 AM");
      await expect(value("Uploaded")).toContainText(/^Uploaded.+, 20\d\d, .+ by Paola Preview$/);
      await expect(value("Camera")).toContainText("Canon EOS R6");
      await expect(value("Type")).toContainText("image/jpeg");
      await expect(value("Size")).toContainText(sizeOf("dated"));
      await expect(value("Dimensions")).toContainText(/^Dimensions[\d,]+ × [\d,]+ pixels$/);
      await expect(dialog.getByRole("link", { name: "Hide the details" })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
      const picture = dialog.getByRole("img", { name: "harbour.jpg" });
      await expect(picture).toBeVisible();
      await expectControlsClearOf(page, picture);
      await expectNoSeriousA11yViolations(page);

      // The panel stays open from file to file; what a photo's EXIF does not say is said so.
      const valueIn = (name: string, label: string) =>
        page
          .getByRole("dialog", { name })
          .getByRole("region", { name: "Details" })
          .locator(".rt-DataListItem")
          .filter({ has: page.getByText(label, { exact: true }) });
      await dialog.getByRole("link", { name: "Previous file" }).click();
      await expect(valueIn("sunset.jpg", "Taken")).toContainText("Jul 1, 2024, 10:00 AM");
      await expect(valueIn("sunset.jpg", "Camera")).toContainText("Not recorded");
      await page.getByRole("link", { name: "Previous file" }).click();
      const bare = page.getByRole("dialog", { name: "no-exif.jpg" });
      await expect(page).toHaveURL(/details=1/);
      await expect(valueIn("no-exif.jpg", "Taken")).toContainText("Not recorded");
      await expect(valueIn("no-exif.jpg", "Camera")).toContainText("Not recorded");
      await bare.getByRole("link", { name: "Hide the details" }).click();
      await expect(bare.getByRole("region", { name: "Details" })).toHaveCount(0);
      await expect(page).not.toHaveURL(/details=1/);
    });
  });
}

test.describe("on a phone, with JavaScript", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  /** A finger drawn across the stage from (x0, y0) by (dx, dy), as pointer events. */
  async function swipe(page: Page, dx: number, dy: number) {
    const stage = page.locator(".file-preview-stage");
    const box = await boxOf(stage);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const finger = { pointerId: 7, pointerType: "touch", isPrimary: true, bubbles: true };
    await stage.dispatchEvent("pointerdown", { ...finger, clientX: x, clientY: y });
    await stage.dispatchEvent("pointermove", {
      ...finger,
      clientX: x + dx / 2,
      clientY: y + dy / 2,
    });
    await stage.dispatchEvent("pointerup", { ...finger, clientX: x + dx, clientY: y + dy });
  }

  test("a sideways swipe goes to the next or previous file; an upward one, a short one or a mouse does not", async ({
    page,
  }) => {
    test.skip(!withJavaScript(), "a swipe needs JavaScript; without it, the links");
    const { previewOf } = await threePhotos(page, "preview-swipe");
    await page.goto(previewOf("sunset.jpg"));
    await hydrated(page);
    const dialogNamed = (name: string) => page.getByRole("dialog", { name });
    await expect(dialogNamed("sunset.jpg").getByText("2 of 3", { exact: true })).toBeVisible();

    await swipe(page, -20, 0);
    await swipe(page, -40, -200);
    const mouse = { pointerId: 1, pointerType: "mouse", isPrimary: true, bubbles: true };
    const stage = page.locator(".file-preview-stage");
    await stage.dispatchEvent("pointerdown", { ...mouse, clientX: 300, clientY: 300 });
    await stage.dispatchEvent("pointerup", { ...mouse, clientX: 50, clientY: 300 });
    await expect(dialogNamed("sunset.jpg")).toBeVisible();

    // To the left: the next file, replacing the preview in the history.
    await swipe(page, -150, 20);
    await expect(dialogNamed("harbour.jpg").getByText("3 of 3", { exact: true })).toBeVisible();
    // To the right: back to the previous one.
    await swipe(page, 150, -10);
    await expect(dialogNamed("sunset.jpg").getByText("2 of 3", { exact: true })).toBeVisible();
    await swipe(page, 150, 0);
    await expect(dialogNamed("no-exif.jpg").getByText("1 of 3", { exact: true })).toBeVisible();
    // Nothing before the first.
    await swipe(page, 150, 0);
    await expect(dialogNamed("no-exif.jpg")).toBeVisible();
    // Back leaves the preview: the swipes replaced it.
    await page.goBack();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the next file's picture is loaded while this one is looked at", async ({ page }) => {
    test.skip(!withJavaScript(), "loaded ahead by a script");
    const { previewOf } = await threePhotos(page, "preview-ahead");
    const pictures: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().includes("/api/blobs/")) pictures.push(request.url());
    });
    await page.goto(previewOf("no-exif.jpg"));
    await hydrated(page);
    await expect(page.getByRole("dialog", { name: "no-exif.jpg" })).toBeVisible();
    // Its own picture, and another (the next one's), before Next is pressed.
    await expect.poll(() => pictures.length).toBeGreaterThanOrEqual(2);
    const loadedAhead = [...pictures];
    await page.getByRole("link", { name: "Next file" }).click();
    const next = page.getByRole("dialog", { name: "sunset.jpg" }).getByRole("img");
    await expect(next).toBeVisible();
    const src = await next.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(loadedAhead).toContain(src);
  });
});

test("a preview whose picture cannot be loaded says so, beside the type icon", async ({ page }) => {
  test.skip(!withJavaScript(), "the browser tells a failed load only to a script");
  const { ids, previewOf } = await threePhotos(page, "preview-gone");
  // The preview's blob is no longer where the row says: its address answers 404.
  const fileId = ids["sunset.jpg"] as string;
  updateFileRow(fileId, { preview_key: `${fileRowOf(fileId).preview_key}-gone` });
  const gone = page.waitForResponse(
    (response) => response.url().includes("/api/blobs/") && response.status() === 404,
  );
  await page.goto(previewOf("sunset.jpg"));
  await gone;
  const dialog = page.getByRole("dialog", { name: "sunset.jpg" });
  await expect(dialog.getByRole("alert")).toHaveText(
    "This file could not be loaded. Try again in a moment.",
  );
  await expect(dialog.getByRole("img", { name: "sunset.jpg" })).toHaveCount(0);
  // Another file's preview loads as ever.
  await page.getByRole("link", { name: "Next file" }).click();
  const next = page.getByRole("dialog", { name: "harbour.jpg" });
  await expect(next.getByRole("img", { name: "harbour.jpg" })).toBeVisible();
  await expect(next.getByRole("alert")).toHaveCount(0);
});
