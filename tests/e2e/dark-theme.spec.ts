import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { preferList } from "./support/files.ts";

/*
 * The signed-in screens in the dark theme, JS on and off: the other specs audit them in the
 * light one (the preview is audited in both by files.spec). Text contrast and label in name
 * must hold in both themes.
 */

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("the team, files and profile screens pass axe in the dark theme", async ({ page }) => {
  test.slow(); // axe takes seconds per page on two busy cores
  const { owner, token, teamId, collectionId } = await ownerWithCollection(
    { prefix: "dark-owner", nickname: "Olga Owner", team: "Night Club" },
    { name: "Stars" },
  );
  const api = (to: string, body: unknown) =>
    fetch(`${appUrl}/api/teams/${teamId}${to}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  // A second member row, and a file row (one that needs no processing to be listed).
  await api("/members", {
    email: `dark.${Date.now()}@example.com`,
    nickname: "Nina",
    role: "viewer",
    locale: "en",
  });
  const photo = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "lake.jpg"));
  const started = await api(`/collections/${collectionId}/files`, {
    name: "lake.jpg",
    contentType: "image/jpeg",
    size: photo.length,
  });
  const { uploadUrl } = (await started.json()) as { uploadUrl: string };
  await fetch(new URL(uploadUrl, appUrl), { method: "PUT", body: photo });

  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // With JavaScript the choice is stored in the background: load until it has landed.
  await expect(async () => {
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/, { timeout: 500 });
  }).toPass();
  await expect(page.getByRole("link", { name: /^Nina/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The file is listed once processed.
  await expect(async () => {
    await page.goto(`/teams/${teamId}/collections/${collectionId}`);
    await expect(page.locator(".files-table tbody tr")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
