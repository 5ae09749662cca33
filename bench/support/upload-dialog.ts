import { createHash } from "node:crypto";
import fs from "node:fs";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { chromium } from "#tests/support/chromium.ts";

/**
 * The upload dialog of the real web app in Debian's Chromium, for the benchmarks that drive it
 * (bench/upload-resume.ts, bench/duplicate-pick.ts): the browser, the dialog's picker, and the
 * rows' statuses as the page shows them (each row's data-status, app/files/upload-panel.tsx).
 */

/** Debian's Chromium with the flags every Playwright suite here launches it with. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromium.launchOptions.executablePath ?? "/usr/bin/chromium",
    args: chromium.launchOptions.args,
  });
}

/** A page of `browser` signed in with the web tier's `session=…` cookie at `origin`. */
export async function signedInPage(browser: Browser, origin: string, cookie: string) {
  const page = await browser.newPage();
  const [name = "", value = ""] = cookie.split(/=(.*)/s);
  await page.setCookie({ name, value, url: origin, httpOnly: true, sameSite: "Lax" });
  return page;
}

const INPUT = 'dialog [data-testid="upload-input"]';

/**
 * Opens `url` (a collection's `/upload`, whose page is the dialog) and answers the dialog's
 * picker once the page has hydrated (the picker of the enhanced dialog is only there then).
 */
export async function openUploadDialog(page: Page, url: string) {
  await page.goto(url, { waitUntil: "load" });
  return uploadInput(page);
}

/** The upload dialog's picker on the page as it is (after a reload, say). */
export async function uploadInput(page: Page) {
  const input = await page.waitForSelector(INPUT, { timeout: 30_000 }).catch(() => null);
  if (!input) {
    const text = await page.evaluate(() => (document.body.textContent ?? "").slice(0, 300));
    throw new Error(`no upload dialog at ${page.url()}: ${text}`);
  }
  return input as ElementHandle<HTMLInputElement>;
}

/**
 * Picks `paths` in the dialog as a person would: files on disk, so each keeps its name, size
 * and last-modified time from one pick to the next.
 */
export async function pick(page: Page, paths: string[]) {
  const input = await uploadInput(page);
  await input.uploadFile(...paths);
}

/** How many of the dialog's rows are in each status, and the text of any failed one. */
export function rowStatuses(page: Page) {
  return page.evaluate(() => {
    const counts: Record<string, number> = {};
    const failed: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>("li.upload-row")) {
      const status = row.dataset.status ?? "";
      counts[status] = (counts[status] ?? 0) + 1;
      if (status === "failed") failed.push((row.textContent ?? "").replace(/\s+/g, " "));
    }
    return { counts, failed };
  });
}

/**
 * Waits until `count` rows are in `status`; throws as soon as a row has failed, or after
 * `timeoutMs`. `poll` runs at each look (the resume benchmark's reload, say).
 */
export async function untilRows(
  page: Page,
  status: string,
  count: number,
  { timeoutMs = 600_000, poll }: { timeoutMs?: number; poll?: () => Promise<void> } = {},
) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { counts, failed } = await rowStatuses(page);
    if (failed.length > 0) throw new Error(`a row failed: ${failed.join("; ")}`);
    if ((counts[status] ?? 0) >= count) return;
    if (performance.now() > deadline) {
      throw new Error(`not ${count} rows ${status} in time: ${JSON.stringify(counts)}`);
    }
    await poll?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The SHA-256 of a file on disk, in hex, read as a stream. */
export async function sha256OfFile(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The SHA-256 of a response's body, in hex, read as a stream. */
export async function sha256OfBody(response: Response) {
  const hash = createHash("sha256");
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    hash.update(read.value);
  }
  return hash.digest("hex");
}

export interface ListedFile {
  fileId: string;
  name: string;
  size: number;
  status: string;
  sha256: string | null;
}

/** Every file the API lists in a collection (processing or ready), as its owner sees them. */
export async function listFiles(
  origin: string,
  token: string,
  teamId: string,
  collectionId: string,
) {
  const files: ListedFile[] = [];
  let lastKey: string | null = null;
  do {
    const query: string = lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : "";
    const response = await fetch(
      `${origin}/api/teams/${teamId}/collections/${collectionId}/files?limit=100${query}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    if (!response.ok) throw new Error(`files: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as {
      files: ListedFile[];
      pagination: { lastKey: string | null };
    };
    files.push(...page.files);
    lastKey = page.pagination.lastKey;
  } while (lastKey);
  return files;
}

/**
 * Waits until the API lists at least `count` files of the collection as ready with their
 * SHA-256 recorded (what the duplicates check compares against); answers them.
 */
export async function untilReady(
  origin: string,
  token: string,
  ids: { teamId: string; collectionId: string },
  count: number,
  timeoutMs = 600_000,
) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const files = await listFiles(origin, token, ids.teamId, ids.collectionId);
    const ready = files.filter((file) => file.status === "ready" && file.sha256);
    if (ready.length >= count) return ready;
    if (performance.now() > deadline) {
      throw new Error(`${ready.length} of ${count} files ready in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The SHA-256 of a stored file's bytes as its download gives them. */
export async function downloadedSha256(
  origin: string,
  token: string,
  ids: { teamId: string; collectionId: string },
  fileId: string,
) {
  const response = await fetch(
    `${origin}/api/teams/${ids.teamId}/collections/${ids.collectionId}/files/${fileId}/content`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  if (!response.ok) throw new Error(`content: ${response.status} ${await response.text()}`);
  const { signedUrl } = (await response.json()) as { signedUrl: string };
  // The signed link names PUBLIC_URL's origin; the bench's host answers on its own port.
  const signed = new URL(signedUrl, origin);
  const download = await fetch(`${origin}${signed.pathname}${signed.search}`);
  if (!download.ok) throw new Error(`download: ${download.status}`);
  return sha256OfBody(download);
}

/** A new collection of the team, through the API; answers its id. */
export async function newCollection(origin: string, token: string, teamId: string, name: string) {
  const response = await fetch(`${origin}/api/teams/${teamId}/collections`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`collection: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { collectionId: string }).collectionId;
}

export function mib(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
