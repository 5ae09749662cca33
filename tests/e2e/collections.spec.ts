import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  acceptedMember,
  apiAccessToken,
  apiCall,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * The collections screen of a team, in both projects: create, rename and share a collection
 * (each a dialog), the filters (Mine, Shared, dates, creator; the title clears them) and paging
 * through more than 20 collections.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

/** A new owner of a new team, signed in and on the team's page. */
async function ownerInTeam(page: Page, team: string) {
  const owner = await createVerifiedUser("coll-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, team);
  await signIn(page, owner.email);
  // One team: /teams opens it.
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name: team })).toBeVisible();
  return { token, teamId, teamUrl: new URL(page.url()).pathname };
}

const collectionList = (page: Page) => page.getByRole("list", { name: "Collections" });
const row = (page: Page, name: string) =>
  collectionList(page).getByRole("link", { name, exact: false });

async function rowMenu(page: Page, name: string, item: string) {
  const link = page.getByRole("link", { name: item, exact: true });
  await (await openMenu(page.getByLabel(`Actions for ${name}`), link)).click();
}

/** Without JavaScript the filter form needs its button; with it, a change applies at once. */
async function applyFilters(page: Page) {
  if (!js()) await page.getByRole("button", { name: "Apply filters" }).click();
}

function isoDay(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test("opening a collection marks it read, whether its page comes whole or streamed", async ({
  page,
}) => {
  // Without JavaScript the files page is one API call for the collection and its files; with
  // it, a navigation gets the collection first and the rows streamed: both mark it read.
  const { token, teamId, teamUrl } = await ownerInTeam(page, "Sea Scouts");
  // Made by another member: a collection is read for its creator from the start.
  const { token: memberToken } = await acceptedMember(token, teamId, "Sam Scout");
  for (const name of ["Harbour", "Dunes"]) {
    await apiCall(memberToken, "POST", `/teams/${teamId}/collections`, { name });
  }
  await page.goto(teamUrl);
  await expect(row(page, "Harbour")).toContainText("Unread");
  await expect(row(page, "Dunes")).toContainText("Unread");
  if (js()) await hydrated(page);
  await row(page, "Harbour").click();
  await expect(page.getByRole("heading", { level: 1, name: "Harbour" })).toBeVisible();
  await page.goto(teamUrl);
  await expect(row(page, "Dunes")).toContainText("Unread");
  await expect(row(page, "Harbour")).not.toContainText("Unread");
});

test("the list's plain links open in the page, and a row's menu closes behind them", async ({
  page,
}) => {
  test.skip(!js(), "without JavaScript every link loads a page, as links do");
  const { token, teamId, teamUrl } = await ownerInTeam(page, "Ski Club");
  await apiCall(token, "POST", `/teams/${teamId}/collections`, { name: "Slopes" });
  await page.goto(teamUrl);
  await hydrated(page);
  // A mark on this document: it survives only navigations that stay in the page (ADR 038).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => "sameDocument" in window);

  // A row opens its collection at the top of the page, as a new page does.
  await page.setViewportSize({ width: 360, height: 320 });
  await row(page, "Slopes").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await row(page, "Slopes").click();
  await expect(page.getByRole("heading", { level: 1, name: "Slopes" })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();

  await rowMenu(page, "Slopes", "Rename");
  await expect(page.getByRole("dialog", { name: "Rename collection" })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await expect(collectionList(page).locator("details[open]")).toHaveCount(0);
});

test("create, rename and share a collection", async ({ page }) => {
  // Two axe runs (each a second page without JavaScript) and six posts.
  test.slow();
  await ownerInTeam(page, "Photo Club");
  await expect(page.getByText("No collections yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Create collection" }).click();
  const create = page.getByRole("dialog", { name: "Create a collection" });
  await expect(create.getByLabel(/Collaborative/)).toBeEnabled();
  // A collaborative team's new collection starts collaborative (docs/product.md#collection-modes).
  await expect(create.getByLabel(/Collaborative/)).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await create.getByLabel("Name").fill("A");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create.getByText("The collection name needs at least 2 characters.")).toBeVisible();
  await create.getByLabel("Name").fill("  Holiday photos ");
  await create.getByLabel("Description (optional)").fill("Summer 2025");
  // Unticked, it is the owner's own collection, to share below.
  await create.getByLabel(/Collaborative/).uncheck();
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection “Holiday photos” is created.");
  await expect(create).toHaveCount(0);
  // Into the new collection, ready for its files; its back link returns to the list.
  await expect(page.getByRole("heading", { level: 1, name: "Holiday photos" })).toBeVisible();
  await expect(page).toHaveURL(/\/teams\/[^/]+\/collections\/[^/?]+$/);
  await page.getByRole("link", { name: "Back to Photo Club" }).click();
  await expect(row(page, "Holiday photos")).toBeVisible();
  await expect(row(page, "Holiday photos")).toHaveAttribute("href", /\/collections\/[^/]+$/);

  await rowMenu(page, "Holiday photos", "Rename");
  const rename = page.getByRole("dialog", { name: "Rename collection" });
  await expect(rename.getByLabel("Collection name")).toHaveValue("Holiday photos");
  await rename.getByLabel("Collection name").fill("Summer photos");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection is renamed.");
  await expect(row(page, "Summer photos")).toBeVisible();

  await rowMenu(page, "Summer photos", "Share");
  const share = page.getByRole("dialog", { name: "Share collection" });
  await expect(share.getByText("Make “Summer photos” collaborative?")).toBeVisible();
  await share.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection is shared.");
  await expect(row(page, "Summer photos").getByText("Collaborative")).toBeVisible();

  // And back: the menu now offers to unshare, after its own confirmation.
  await rowMenu(page, "Summer photos", "Unshare");
  const unshare = page.getByRole("dialog", { name: "Unshare collection" });
  await unshare.getByRole("button", { name: "Unshare" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection is no longer shared.");
  await expect(row(page, "Summer photos").getByText("Collaborative")).toHaveCount(0);
  // Without filters, a create button stays at the bottom of the list.
  await expect(page.getByRole("link", { name: "Create collection" })).toBeVisible();
});

test("filter by Mine, Shared, creator and dates; the title clears the filters", async ({
  page,
}) => {
  const { token, teamId, teamUrl } = await ownerInTeam(page, "Field Trips");
  const { token: memberToken } = await acceptedMember(token, teamId, "Mia Member");
  const collections = `/teams/${teamId}/collections`;
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await apiCall(token, "POST", collections, { name: "Owner owned" });
  const shared = await apiCall(token, "POST", collections, {
    name: "Owner shared",
    mode: "collaborative",
  });
  await apiCall(memberToken, "POST", collections, { name: "Member notes" });
  const mia = await fetch(`${appUrl}/api/users/@me`, {
    headers: { Authorization: `Bearer ${memberToken}` },
  }).then((response) => response.json() as Promise<{ userId: string }>);
  await apiCall(token, "PATCH", `${collections}/${shared.collectionId}`, [
    { op: "replace", path: "/tags", value: [mia.userId] },
  ]);
  await page.goto(teamUrl);
  const names = ["Owner owned", "Owner shared", "Member notes"];
  for (const name of names) await expect(row(page, name)).toBeVisible();

  // A click before hydration loads a new document, with no banner to see.
  await hydrated(page);
  await page.getByRole("link", { name: "Mine", exact: true }).click();
  // With JavaScript the list reloads in place, under a banner that stays at least 500 ms.
  if (js()) await expect(page.getByText("Loading collections…")).toBeVisible();
  await expect(page).toHaveURL(/tab=mine/);
  await expect(row(page, "Member notes")).toHaveCount(0);
  await expect(row(page, "Owner owned")).toBeVisible();
  await expect(row(page, "Owner shared")).toBeVisible();

  await page.getByRole("link", { name: "Shared", exact: true }).click();
  await expect(page).toHaveURL(/tab=shared/);
  await expect(row(page, "Owner shared")).toBeVisible();
  await expect(row(page, "Owner owned")).toHaveCount(0);
  await expect(row(page, "Member notes")).toHaveCount(0);

  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${teamUrl}$`));
  // The address changes before the page does: wait for the All list, or the filter form below
  // could still carry the Shared tab.
  for (const name of names) await expect(row(page, name)).toBeVisible();
  await page.getByLabel("Created by", { exact: true }).selectOption({ label: "Mia Member" });
  await applyFilters(page);
  await expect(page.getByText("Created by Mia Member")).toBeVisible();
  await expect(row(page, "Member notes")).toBeVisible();
  await expect(row(page, "Owner owned")).toHaveCount(0);
  // No create button while a filter is on.
  await expect(page.getByRole("link", { name: "Create collection" })).toHaveCount(0);
  await page.getByRole("link", { name: "Remove the creator filter" }).click();
  await expect(row(page, "Owner owned")).toBeVisible();

  await page.getByLabel("Tagged", { exact: true }).selectOption({ label: "Mia Member" });
  await applyFilters(page);
  await expect(page.getByText("Tagged: Mia Member")).toBeVisible();
  await expect(row(page, "Owner shared")).toBeVisible();
  await expect(row(page, "Member notes")).toHaveCount(0);
  await page.getByRole("link", { name: "Remove the tagged filter" }).click();
  await expect(row(page, "Member notes")).toBeVisible();

  // Dates: nothing before yesterday; from after to is an error.
  await page.getByLabel("To", { exact: true }).fill(isoDay(-1));
  await applyFilters(page);
  await expect(page.getByText("No collections match these filters.")).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(isoDay(0));
  await applyFilters(page);
  await expect(
    page.getByText("The start date must be on or before the end date.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveAttribute(
    "max",
    /\d{4}-\d{2}-\d{2}/,
  );

  // The title clears every filter.
  await page.getByRole("link", { name: "Collections", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${teamUrl}$`));
  for (const name of names) await expect(row(page, name)).toBeVisible();
  await expect(page.getByText("The start date must be on or before the end date.")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("more than 20 collections load 20 at a time; the sort order flips", async ({ page }) => {
  const { token, teamId, teamUrl } = await ownerInTeam(page, "Archive");
  for (let n = 1; n <= 23; n += 1) {
    await apiCall(token, "POST", `/teams/${teamId}/collections`, {
      name: `Batch ${String(n).padStart(2, "0")}`,
    });
  }
  await page.goto(teamUrl);
  const items = collectionList(page).getByRole("listitem");
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText("Batch 23");
  const more = page.getByRole("link", { name: "Load more collections" });
  if (js()) {
    await more.scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(23);
    await expect(items.last()).toContainText("Batch 01");
    await expect(more).toHaveCount(0);
  } else {
    await more.click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(items).toHaveCount(3);
    await expect(items.last()).toContainText("Batch 01");
    await page.getByRole("link", { name: "Back to the first page" }).click();
    await expect(items).toHaveCount(20);
  }

  await page.getByRole("link", { name: "Newest first; show oldest first" }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(items.first()).toContainText("Batch 01");
});

test("an uploader sees its own and shared collections and cannot share", async ({ page }) => {
  const owner = await createVerifiedUser("coll-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Workshop");
  const { member } = await acceptedMember(token, teamId, "Ugo Uploader", "uploader");
  const collections = `/teams/${teamId}/collections`;
  await apiCall(token, "POST", collections, { name: "Owner private" });
  await apiCall(token, "POST", collections, { name: "Team shared", mode: "collaborative" });
  await signIn(page, member.email);
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name: "Workshop" })).toBeVisible();
  await expect(row(page, "Team shared")).toBeVisible();
  await expect(row(page, "Owner private")).toHaveCount(0);
  await expect(page.getByLabel("Actions for Team shared")).toHaveCount(0);

  await page.getByRole("link", { name: "Create collection" }).click();
  const create = page.getByRole("dialog", { name: "Create a collection" });
  await expect(create.getByLabel(/Collaborative/)).toBeDisabled();
  await expect(create.getByLabel(/Collaborative/)).not.toBeChecked();
  await expect(create.getByText("Your role cannot make a collection collaborative.")).toBeVisible();
  await create.getByLabel("Name").fill("Ugo's sketches");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status")).toHaveText("The collection “Ugo's sketches” is created.");
  await expect(page.getByRole("heading", { level: 1, name: "Ugo's sketches" })).toBeVisible();
  await page.goto(new URL(page.url()).pathname.replace(/\/collections\/.*$/, ""));
  await openMenu(
    page.getByLabel("Actions for Ugo's sketches"),
    page.getByRole("link", { name: "Rename", exact: true }),
  );
  await expect(page.getByRole("link", { name: "Share", exact: true })).toHaveCount(0);
});
