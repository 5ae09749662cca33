import { createHash } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { pythonZipCheck, unzipTest } from "../support/zip-tools.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { PHOTOS, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { openMenu } from "./support/menus.ts";

/*
 * A collection downloaded as a zip (docs/product.md#downloads, ADR 025), in both projects: the
 * collection menu's Download, the download's dialog, "Download now", and the zip the browser saves,
 * opened by unzip and Python's zipfile, every photo byte for byte.
 */

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

test("download a three-photo collection from its menu and open the zip", async ({ page }) => {
  test.slow();
  const { owner, token, teamId, collectionId } = await ownerWithCollection(
    { prefix: "zip-owner", nickname: "Olga Owner", team: "Choir" },
    { name: "Spring concert" },
  );
  for (const photo of PHOTOS) await uploadViaApi(token, teamId, collectionId, photo);
  await waitUntilReady(token, teamId, collectionId, PHOTOS.length);

  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  const download = await openMenu(
    page.getByLabel("Actions for Spring concert"),
    page.getByRole("button", { name: "Download", exact: true }),
  );
  await download.click();

  const dialog = page.getByRole("dialog", { name: "Download “Spring concert”" });
  await expect(dialog.getByText("Ready: 3 files")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const saving = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download now" }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe("Spring concert.zip");
  const file = test.info().outputPath("spring.zip");
  await saved.saveAs(file);

  expect(await unzipTest(file)).toMatch(/No errors detected/);
  const { entries } = await pythonZipCheck(file);
  // Newest first, in the folder named after the collection.
  expect(entries.map((entry) => [entry.name, entry.sha256])).toEqual(
    [...PHOTOS]
      .reverse()
      .map((photo) => [`Spring concert/${photo.split("/").at(-1)}`, sha256(photo)]),
  );
});
