import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { PHOTOS } from "./support/files.ts";

/*
 * A file the API will not keep is refused before its bytes go (docs/product.md#uploads; ADR 076):
 * two photos and a .bin of no accepted type, through the dialog with JavaScript and the plain
 * form without. The photos arrive, the .bin is never started, and a summary says so. And a zip
 * that calls itself a JPEG, which only the API's sniff can tell, is refused at its first chunk.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** 2 MB of bytes that are no type we keep and not text. */
const CLIP = {
  name: "clip.bin",
  mimeType: "application/octet-stream",
  buffer: Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(2 * 1024 * 1024)]),
};

const photos = PHOTOS.slice(0, 2).map((file) => ({
  name: path.basename(file),
  mimeType: "image/jpeg",
  buffer: fs.readFileSync(file),
}));

/** The app's database, as the e2e host writes it. */
function appDatabase() {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * The files the API started since `since`: every start queues the job that removes the upload if
 * it never ends, and the job outlives a file the sniff removes later.
 */
function filesStartedSince(since: number): string[] {
  const db = appDatabase();
  try {
    const rows = db
      .prepare("SELECT payload FROM jobs WHERE kind = 'expireUpload' AND created_at >= ?")
      .all(since) as { payload: string }[];
    return rows.map((row) => (JSON.parse(row.payload) as { fileId: string }).fileId).sort();
  } finally {
    db.close();
  }
}

/** The names of the files the collection holds. */
function namesIn(collectionId: string): string[] {
  const db = appDatabase();
  try {
    const rows = db
      .prepare("SELECT name FROM files WHERE collection_id = ? ORDER BY name")
      .all(collectionId) as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

function fileIdsIn(collectionId: string): string[] {
  const db = appDatabase();
  try {
    const rows = db
      .prepare("SELECT file_id FROM files WHERE collection_id = ?")
      .all(collectionId) as { file_id: string }[];
    return rows.map((row) => row.file_id).sort();
  } finally {
    db.close();
  }
}

async function openUpload(page: Page) {
  await page.getByRole("link", { name: "Upload files" }).first().click();
  return page.getByRole("dialog", { name: "Upload files" });
}

test("a file of a type we do not keep is refused before it is sent, and the summary says so", async ({
  page,
}) => {
  const { owner, collectionId, url } = await ownerWithCollection(
    { prefix: "refusals", nickname: "Rita Refusal", team: "Refusals" },
    { name: "Mixed bag", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  const since = Date.now() - 1;
  const starts: string[] = [];
  page.on("request", (request) => {
    // The duplicates check (ADR 102) sends names and sizes, never bytes: not a start.
    if (
      request.method() === "POST" &&
      request.url().includes("/upload") &&
      !request.url().endsWith("/upload/duplicates")
    ) {
      starts.push(request.postDataBuffer()?.toString("latin1") ?? "");
    }
  });
  const dialog = await openUpload(page);
  const files = [photos[0]!, CLIP, photos[1]!];
  const summary = dialog.getByTestId("upload-summary");
  if (withJavaScript()) {
    await expect(dialog.getByTestId("upload-input")).toBeAttached();
    await dialog.getByTestId("upload-input").setInputFiles(files);
    await expect(summary).toHaveText("2 uploaded, 1 refused: clip.bin, type not accepted", {
      timeout: 20_000,
    });
    // The refused file is on top, and says why.
    const rows = dialog.getByRole("list", { name: "Uploads" }).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("clip.bin");
    await expect(rows.first()).toContainText("Refused: type not accepted");
    await expect(rows.filter({ hasText: "Uploaded" })).toHaveCount(2);
    // The browser asked to start the two photos only; not one byte of the .bin left.
    expect(starts).toHaveLength(2);
    expect(starts.some((body) => body.includes("clip.bin"))).toBe(false);
  } else {
    await dialog.getByLabel("Choose files").setInputFiles(files);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(summary).toHaveText("2 uploaded, 1 refused: clip.bin, type not accepted");
    await expect(dialog.getByRole("listitem")).toHaveText(["clip.bin: Refused: type not accepted"]);
  }
  // The API started the two photos and never the .bin.
  expect(namesIn(collectionId)).toEqual(photos.map((photo) => photo.name).sort());
  expect(filesStartedSince(since)).toEqual(fileIdsIn(collectionId));
});

test("a file whose first bytes belie its type is refused at its first chunk, with a reason", async ({
  page,
}) => {
  test.skip(!withJavaScript(), "the dialog's chunks need JavaScript");
  const { owner, collectionId, url } = await ownerWithCollection(
    { prefix: "refusals", nickname: "Rita Refusal", team: "Refusals" },
    { name: "Disguises", mode: "collaborative" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  const patches: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH") patches.push(request.url());
  });
  const dialog = await openUpload(page);
  await expect(dialog.getByTestId("upload-input")).toBeAttached();
  // A zip that says it is a JPEG: the browser cannot tell (a zip is a type we keep), the API's
  // sniff can, at the first of its 8 MiB chunks, and answers before the rest is sent.
  const zip = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
    randomBytes(9 * 1024 * 1024),
  ]);
  await dialog
    .getByTestId("upload-input")
    .setInputFiles([{ name: "holiday.jpg", mimeType: "image/jpeg", buffer: zip }]);
  await expect(dialog.getByTestId("upload-summary")).toHaveText(
    "0 uploaded, 1 refused: holiday.jpg, type not accepted",
    { timeout: 20_000 },
  );
  await expect(
    dialog.getByText("This kind of file is not accepted, or its content does not match its type."),
  ).toBeVisible();
  expect(patches).toHaveLength(1);
  expect(namesIn(collectionId)).toEqual([]);
});
