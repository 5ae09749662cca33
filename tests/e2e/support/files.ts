import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { appUrl } from "../../../playwright.config.ts";

/** The suite's photos: EXIF capture dates 2024-05-01, 2024-06-01 and 2024-07-01. */
export const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
export const PHOTOS = ["lake.jpg", "forest.jpg", "sunset.jpg"].map((name) =>
  path.join(FIXTURES, name),
);

/** One file sent through the API as a simple client would: start it, then PUT its bytes. */
export async function uploadViaApi(
  token: string,
  teamId: string,
  collectionId: string,
  file: string,
) {
  const bytes = fs.readFileSync(file);
  const started = await fetch(`${appUrl}/api/teams/${teamId}/collections/${collectionId}/files`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: path.basename(file),
      contentType: "image/jpeg",
      size: bytes.length,
    }),
  });
  if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { uploadUrl } = (await started.json()) as { uploadUrl: string };
  const put = await fetch(new URL(uploadUrl, appUrl), { method: "PUT", body: bytes });
  if (!put.ok) throw new Error(`put: ${put.status} ${await put.text()}`);
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
          `${appUrl}/api/teams/${teamId}/collections/${collectionId}/files`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        const { files } = (await response.json()) as { files: { status: string }[] };
        return files.filter((file) => file.status === "ready").length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}
