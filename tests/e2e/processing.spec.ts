import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { FIXTURES, preferList, uploadViaApi, waitUntilReady } from "./support/files.ts";

/*
 * A file just uploaded is listed as processing until its thumbnail is made
 * (docs/product.md#uploads), and the list updates by itself when it is ready: a revalidation with
 * JavaScript, a refresh without. Processing takes a moment here, so the test holds a processed file
 * in that state through the app's own database file, then lets it go.
 */

function setStatus(collectionId: string, status: "processing" | "ready") {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"));
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("UPDATE files SET status = ? WHERE collection_id = ?").run(status, collectionId);
  } finally {
    db.close();
  }
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("a file being processed says so, and the list updates by itself when it is ready", async ({
  page,
}) => {
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "processing-owner", nickname: "Paola Processing", team: "Darkroom" },
    { name: "Contact sheets" },
  );
  await uploadViaApi(token, teamId, collectionId, path.join(FIXTURES, "lake.jpg"));
  await waitUntilReady(token, teamId, collectionId, 1);
  setStatus(collectionId, "processing");

  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  const row = page.locator(".files-table tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Processing", { exact: true })).toBeVisible();

  setStatus(collectionId, "ready");
  // No reload from the test: the page looks again by itself (2 s with JavaScript, 5 s without).
  await expect(row.getByText("Processing", { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(row.getByRole("link", { name: "lake.jpg" })).toBeVisible();
});
