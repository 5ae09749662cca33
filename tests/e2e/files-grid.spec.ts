import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { pythonZipCheck, unzipTest } from "../support/zip-tools.ts";
import {
  apiAccessToken,
  createCollectionViaApi,
  ownerWithCollection,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { PHOTOS, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * The files screen as a grid (docs/product.md#screens, Files screen; ADR 073), in both projects:
 * the grid for a collection of photos, grouped by day; Grid / List kept in a cookie across
 * collections; a selection of files downloaded as a zip holding exactly them; and the list's
 * dates, "Taken" for a photo with its EXIF date and "Uploaded" for one without (ADR 074).
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const tiles = (page: Page) => page.locator(".files-grid > li");
const rows = (page: Page) => page.locator(".files-table tbody tr");

/** A copy of the suite's lake photo with every EXIF field removed: no capture date. */
function photoWithoutExif(): string {
  const file = test.info().outputPath("no-exif.jpg");
  execFileSync("exiftool", ["-q", "-all=", "-o", file, PHOTOS[0] ?? ""]);
  return file;
}

async function photoCollection(prefix: string, name = "Summer") {
  const made = await ownerWithCollection(
    { prefix, nickname: "Olga Owner", team: "Photo Club" },
    { name, mode: "collaborative" },
  );
  for (const photo of PHOTOS) await uploadViaApi(made.token, made.teamId, made.collectionId, photo);
  await waitUntilReady(made.token, made.teamId, made.collectionId, PHOTOS.length);
  return made;
}

test("a collection of photos opens as a grid by day; List is one toggle away and stays chosen", async ({
  page,
}) => {
  test.slow();
  const { owner, teamId, url } = await photoCollection("grid-owner");
  const token = await apiAccessToken(owner.email);
  const second = await createCollectionViaApi(token, teamId, { name: "Autumn" });
  await uploadViaApi(token, teamId, second, PHOTOS[1] ?? "");
  await waitUntilReady(token, teamId, second, 1);

  await signIn(page, owner.email);
  await page.goto(url);
  // Three photos taken on three days (their EXIF dates), newest first, a heading each.
  await expect(tiles(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Jul 1, 2024",
    "Jun 1, 2024",
    "May 1, 2024",
  ]);
  const lake = page.getByRole("link", { name: "lake.jpg" });
  await expect(lake).toHaveAttribute("title", "lake.jpg");
  // The 320 px thumbnail, in a square tile.
  await expect(lake.locator("img")).toHaveAttribute("src", /thumbnail-large/);
  const tile = await lake.locator("img").boundingBox();
  expect(Math.abs((tile?.width ?? 0) - (tile?.height ?? 1))).toBeLessThan(1);
  await expect(page.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
  await expect(rows(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A tile opens the preview, as a row does.
  await lake.click();
  await expect(page.getByRole("dialog", { name: "lake.jpg" })).toBeVisible();
  await page.goto(url);

  if (withJavaScript()) await hydrated(page);
  await page.getByRole("button", { name: "List" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolations(page);

  // Remembered: another collection of photos, and a new page load, show the list too.
  await page.goto(`/teams/${teamId}/collections/${second}`);
  await expect(rows(page)).toHaveCount(1);
  await page.goto(url);
  await expect(rows(page)).toHaveCount(3);

  if (withJavaScript()) await hydrated(page);
  await page.getByRole("button", { name: "Grid" }).click();
  await expect(tiles(page)).toHaveCount(3);
  await page.goto(`/teams/${teamId}/collections/${second}`);
  await expect(tiles(page)).toHaveCount(1);
});

test("the files selected, in the grid or the list, download as a zip holding exactly them", async ({
  page,
}) => {
  test.slow();
  const { owner, teamId, url } = await photoCollection("pick-owner", "Picks");
  await signIn(page, owner.email);
  await page.goto(url);
  if (withJavaScript()) {
    await hydrated(page);
    // No bar until something is selected.
    await expect(page.getByRole("button", { name: "Download", exact: true })).toHaveCount(0);
  }
  await page.getByRole("checkbox", { name: "lake.jpg" }).check();
  await page.getByRole("checkbox", { name: "sunset.jpg" }).check();
  if (withJavaScript()) {
    await expect(page.getByRole("status").filter({ hasText: "2 selected" })).toBeVisible();
    await page.getByRole("checkbox", { name: "sunset.jpg" }).uncheck();
    await expect(page.getByRole("status").filter({ hasText: "1 selected" })).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByRole("checkbox", { name: "lake.jpg" })).not.toBeChecked();
    await page.getByRole("checkbox", { name: "lake.jpg" }).check();
    await page.getByRole("checkbox", { name: "sunset.jpg" }).check();
    await page.getByRole("button", { name: "Download", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Download selected" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Download “Picks”" });
  await expect(dialog.getByText("Ready: 2 files")).toBeVisible();
  const saving = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download now" }).click();
  const saved = await saving;
  const file = test.info().outputPath("picks.zip");
  await saved.saveAs(file);
  expect(await unzipTest(file)).toMatch(/No errors detected/);
  const { entries } = await pythonZipCheck(file);
  const [lake, , sunset] = PHOTOS as [string, string, string];
  expect(entries.map((entry) => [entry.name, entry.sha256])).toEqual([
    [`Picks/${path.basename(sunset)}`, sha256(sunset)],
    [`Picks/${path.basename(lake)}`, sha256(lake)],
  ]);

  // The list selects the same way; nothing selected says so and stays on the screen.
  await page.goto(url);
  if (withJavaScript()) await hydrated(page);
  await page.getByRole("button", { name: "List" }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("checkbox", { name: "forest.jpg" }).check();
  if (withJavaScript()) {
    await page.getByRole("button", { name: "Download", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Download selected" }).click();
  }
  await expect(dialog.getByText("Ready: 1 file")).toBeVisible();
  if (!withJavaScript()) {
    await page.goto(url);
    await page.getByRole("button", { name: "Download selected" }).click();
    await expect(page.getByText("Select at least one file to download.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
  }
  expect(teamId).toBeTruthy();
});

test("the list says when a photo was taken, and when a file without that date was uploaded", async ({
  page,
}) => {
  test.slow();
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "dates-owner", nickname: "Olga Owner", team: "Photo Club" },
    { name: "Dates" },
  );
  await uploadViaApi(token, teamId, collectionId, PHOTOS[0] ?? "");
  await uploadViaApi(token, teamId, collectionId, photoWithoutExif());
  await waitUntilReady(token, teamId, collectionId, 2);
  await signIn(page, owner.email);
  await page.goto(url);
  if (withJavaScript()) await hydrated(page);
  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByRole("columnheader", { name: /Date/ })).toBeVisible();
  const today = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(
    Date.now(),
  );
  // Newest first by that date: the upload of today, then the photo taken in May 2024.
  await expect(rows(page).nth(0)).toContainText("no-exif.jpg");
  await expect(rows(page).nth(0)).toContainText(`Uploaded ${today}`);
  await expect(rows(page).nth(1)).toContainText("lake.jpg");
  await expect(rows(page).nth(1)).toContainText("Taken May 1, 2024");
});
