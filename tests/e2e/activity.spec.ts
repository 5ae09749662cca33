import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  apiCall,
  createCollectionViaApi,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { FIXTURES, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * The team's Activity screen (ADR 091), in both projects: an admin renames a file, finds the
 * entry on the Activity screen from the team menu, then filters by person and by kind with the
 * screen's GET form. A viewer has no Activity item and is refused the address.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

const entries = (page: Page) => page.locator(".activity-list > li");

/** Applies the filter form: with JavaScript a choice applies at once, without it the button. */
async function choose(page: Page, label: string, option: string, expected: RegExp) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!js()) await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(expected);
}

test("an admin renames a file, sees it in the activity, and filters by person and kind", async ({
  page,
}) => {
  test.slow();
  const owner = await createVerifiedUser("activity-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Harbour Photos");
  const collectionId = await createCollectionViaApi(token, teamId, { name: "Pier" });
  const fileId = await uploadViaApi(token, teamId, collectionId, path.join(FIXTURES, "lake.jpg"));
  await waitUntilReady(token, teamId, collectionId, 1);
  const { member: ana } = await acceptedMember(token, teamId, "Ana Admin", "admin");
  const { member: vera } = await acceptedMember(token, teamId, "Vera Viewer", "viewer");

  // Ana renames the file on its rename page (a dialog with JavaScript, a page without).
  await signIn(page, ana.email);
  await page.goto(`/teams/${teamId}/collections/${collectionId}/files/${fileId}/rename`);
  await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill("Sunset");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(page.getByText("The file is renamed.")).toBeVisible();

  // The team menu leads to the Activity screen.
  await page.goto(`/teams/${teamId}`);
  await hydrated(page);
  const item = page.getByRole("link", { name: "Activity", exact: true });
  await (await openMenu(page.getByLabel("Team menu for Harbour Photos"), item)).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/activity$`));
  await expect(entries(page).first()).toContainText("Ana Admin renamed lake.jpg to Sunset.jpg");
  await expect(entries(page).first()).toContainText(/seconds? ago|now|minutes? ago/);
  await expect(page.getByText("Olga Owner uploaded lake.jpg")).toBeVisible();
  await expect(page.getByText("Olga Owner created the collection Pier")).toBeVisible();
  await expect(page.getByText("Ana Admin joined the team as Administrator")).toBeVisible();

  // By person: what Olga did, and not Ana's rename.
  await hydrated(page);
  await choose(page, "Person", "Olga Owner", /actor=/);
  await expect(page.getByText("Olga Owner uploaded lake.jpg")).toBeVisible();
  await expect(page.getByText("Ana Admin renamed lake.jpg to Sunset.jpg")).toHaveCount(0);
  await expect(page.getByText("Olga Owner invited")).toHaveCount(2);

  // By kind, everyone again: only renames of files.
  await hydrated(page);
  await choose(page, "Person", "Anyone", /\/activity(\?(?!.*actor=[^&]).*)?$/);
  await hydrated(page);
  await choose(page, "What", "File renamed", /kind=fileRenamed/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Ana Admin renamed lake.jpg to Sunset.jpg");

  // A day with nothing in it: the empty state for filters.
  await page.goto(`/teams/${teamId}/activity?from=2020-01-01&to=2020-01-02`);
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();

  // A viewer has no Activity item, and the address is refused.
  await page.context().clearCookies();
  await signIn(page, vera.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("link", { name: "Activity", exact: true })).toHaveCount(0);
  const refused = await page.goto(`/teams/${teamId}/activity`);
  expect(refused?.status()).toBe(403);
});

test("the activity comes 20 entries at a time: Older loads the next ones", async ({ page }) => {
  const owner = await createVerifiedUser("activity-pages", "Paolo Pages");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Long Harbour");
  const collectionId = await createCollectionViaApi(token, teamId, { name: "Round 0" });
  // Created, then renamed 22 times: 24 entries with the team's creation.
  for (let round = 1; round <= 22; round += 1) {
    await apiCall(token, "PATCH", `/teams/${teamId}/collections/${collectionId}`, [
      { op: "replace", path: "/name", value: `Round ${round}` },
    ]);
  }
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}/activity`);
  await hydrated(page);
  await expect(entries(page)).toHaveCount(20);
  await expect(entries(page).first()).toContainText(
    "Paolo Pages renamed the collection Round 21 to Round 22",
  );
  const older = page.getByRole("link", { name: "Older", exact: true });
  if (js()) {
    // The link loads the next page into this one as it scrolls into view.
    await older.scrollIntoViewIfNeeded();
    await expect(entries(page)).toHaveCount(24);
    await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/activity$`));
  } else {
    await older.click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(entries(page)).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Newest", exact: true })).toBeVisible();
  }
  await expect(entries(page).last()).toContainText("Paolo Pages created the team Long Harbour");
  await expect(older).toHaveCount(0);
});
