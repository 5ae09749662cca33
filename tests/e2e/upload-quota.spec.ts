import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { PHOTOS, updateFileRow, uploadViaApi, waitUntilReady } from "./support/files.ts";

/*
 * Without JavaScript, the upload form asks the API how much room the plan has left before it
 * writes a file anywhere (ADR 083): the form says the limits before a file is chosen, and a file
 * past the room is refused with its reason, never started.
 */

/** The free plan's storage in tests/e2e/fixtures/plans.json: 5 GiB. */
const FREE_STORAGE_BYTES = 5 * 1024 ** 3;

function namesIn(collectionId: string): string[] {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const rows = db
      .prepare("SELECT name FROM files WHERE collection_id = ? ORDER BY name")
      .all(collectionId) as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

test("without JavaScript, a file past the storage left on the plan is refused and the form says why", async ({
  page,
}) => {
  test.skip(
    test.info().project.use.javaScriptEnabled !== false,
    "the plain form is what shows without JavaScript",
  );
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "quota", nickname: "Quinn Quota", team: "Full up" },
    { name: "Almost full", mode: "collaborative" },
  );
  // One photo that, as far as the plan counts, takes all of its storage.
  const [kept, refused] = [PHOTOS[0]!, PHOTOS[1]!];
  const fileId = await uploadViaApi(token, teamId, collectionId, kept);
  await waitUntilReady(token, teamId, collectionId, 1);
  updateFileRow(fileId, { size: FREE_STORAGE_BYTES });

  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  await page.getByRole("link", { name: "Upload files" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  // The limits, before a file is chosen.
  await expect(
    dialog.getByText("Each file up to 2 GB; 0 B of storage left on the plan."),
  ).toBeVisible();
  await dialog
    .getByLabel("Choose files")
    .setInputFiles([
      { name: path.basename(refused), mimeType: "image/jpeg", buffer: fs.readFileSync(refused) },
    ]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByTestId("upload-summary")).toHaveText(
    `0 uploaded, 1 refused: ${path.basename(refused)}, not enough storage left on the plan`,
  );
  await expect(dialog.getByRole("listitem")).toHaveText([
    `${path.basename(refused)}: Refused: not enough storage left on the plan`,
  ]);
  expect(namesIn(collectionId)).toEqual([path.basename(kept)]);
});
