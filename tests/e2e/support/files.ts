import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { appUrl } from "../../../playwright.config.ts";

/** The suite's photos: EXIF capture dates 2024-05-01, 2024-06-01 and 2024-07-01. */
export const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
export const PHOTOS = ["lake.jpg", "forest.jpg", "sunset.jpg"].map((name) =>
  path.join(FIXTURES, name),
);

/**
 * One file sent through the API as a simple client would: start it, then PUT its bytes. Answers
 * the new file's id.
 */
export async function uploadViaApi(
  token: string,
  teamId: string,
  collectionId: string,
  file: string,
  contentType = "image/jpeg",
) {
  const bytes = fs.readFileSync(file);
  const started = await fetch(`${appUrl}/api/teams/${teamId}/collections/${collectionId}/files`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: path.basename(file),
      contentType,
      size: bytes.length,
    }),
  });
  if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
  const put = await fetch(new URL(uploadUrl, appUrl), { method: "PUT", body: bytes });
  if (!put.ok) throw new Error(`put: ${put.status} ${await put.text()}`);
  return fileId;
}

/** Waits until the collection lists `count` files, all processed (ready). */
export async function waitUntilReady(
  token: string,
  teamId: string,
  collectionId: string,
  count: number,
) {
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${appUrl}/api/teams/${teamId}/collections/${collectionId}/files?limit=100`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        const { files } = (await response.json()) as { files: { status: string }[] };
        return files.filter((file) => file.status === "ready").length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

/**
 * Sets columns of a file's row in the app's own database file, as the processor would: the
 * states a test needs (a poster and a length, no preview and why, still processing) without
 * waiting for a server that makes them.
 */
export function updateFileRow(fileId: string, columns: Record<string, string | number | null>) {
  const db = appDatabase();
  try {
    db.pragma("busy_timeout = 5000");
    const names = Object.keys(columns);
    db.prepare(
      `UPDATE files SET ${names.map((name) => `${name} = @${name}`).join(", ")} WHERE file_id = @fileId`,
    ).run({ ...columns, fileId });
  } finally {
    db.close();
  }
}

/** A file's row as the app's database holds it. */
export function fileRowOf(fileId: string): Record<string, string | number | null> {
  const db = appDatabase();
  try {
    return db.prepare("SELECT * FROM files WHERE file_id = ?").get(fileId) as Record<
      string,
      string | number | null
    >;
  } finally {
    db.close();
  }
}

function appDatabase() {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  return new Database(path.join(dataDir, "app.db"));
}

/**
 * A short test-pattern video made with ffmpeg, once per run: H.264 (what every browser plays) or
 * HEVC (what recent iPhones record, which Chromium here cannot decode). MP4, 320×240, 3 seconds.
 */
export function testVideo(codec: "h264" | "hevc"): string {
  const file = path.join(os.tmpdir(), `raccolta-e2e-${codec}-${process.pid}.mp4`);
  if (fs.existsSync(file)) return file;
  const encoder =
    codec === "h264"
      ? ["-c:v", "libx264"]
      : ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error"];
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "3"],
    ...encoder,
    ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", file],
  ]);
  return file;
}

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * The files screen as its table for this browser (ADR 073): the Grid / List choice's cookie, as
 * the screen's List button sets it. Without it a collection of photos opens as a grid. For the
 * specs about the table; files-grid.spec.ts drives the toggle itself.
 */
export async function preferList(context: BrowserContext, host = "127.0.0.1") {
  await context.addCookies([{ name: "files-view", value: LIST_VIEW, domain: host, path: "/" }]);
}

/** The List choice as the cookie holds it, JSON "list" in base64; for requests made by hand. */
const LIST_VIEW = Buffer.from(JSON.stringify("list")).toString("base64");
export const LIST_VIEW_COOKIE = `files-view=${LIST_VIEW}`;

/** The rows of the files table. */
export const fileRows = (page: Page) => page.locator(".files-table tbody tr");

/** Uploads through the dialog: the file chooser with JavaScript, the plain form without. */
export async function uploadThroughDialog(page: Page, files: string[]) {
  await page.getByRole("link", { name: "Upload files" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  if (withJavaScript()) {
    // The drop zone replaces the plain form once the page has hydrated.
    await expect(dialog.getByTestId("upload-input")).toBeAttached();
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByText("Choose files", { exact: true }).click();
    await (await chooser).setFiles(files);
    await expect(dialog.getByText("Uploaded", { exact: true })).toHaveCount(files.length, {
      timeout: 20_000,
    });
    await dialog.getByRole("link", { name: "Done" }).click();
  } else {
    await dialog.getByLabel("Choose files").setInputFiles(files);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText(`Files uploaded: ${files.length}.`)).toBeVisible();
  }
  await expect(dialog).toBeHidden();
}

/**
 * Processing runs in the background: reload until every row shows its thumbnail, then check
 * that each one loaded (without JavaScript a blocked image stays an empty <img>).
 */
export async function waitForThumbnails(page: Page, count: number) {
  const thumbnails = fileRows(page).locator("th img");
  await expect(async () => {
    await page.reload();
    await expect(thumbnails).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // With JavaScript a picture that failed to load turns into the type icon: count those loaded.
  await expect
    .poll(() =>
      thumbnails.evaluateAll(
        (images) =>
          (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth > 0)
            .length,
      ),
    )
    .toBe(count);
}
