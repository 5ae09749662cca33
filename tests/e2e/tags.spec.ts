import { expect, type Page, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  apiCall,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Tagging members on a collection (the row menu's "Tag members" dialog, ADR 090), in both
 * projects: the owner ticks a member, and that member then finds exactly that collection with
 * the "Tagged" filter.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

const collectionList = (page: Page) => page.getByRole("list", { name: "Collections" });
const row = (page: Page, name: string) =>
  collectionList(page).getByRole("link", { name, exact: false });

async function rowMenu(page: Page, name: string, item: string) {
  const link = page.getByRole("link", { name: item, exact: true });
  await (await openMenu(page.getByLabel(`Actions for ${name}`), link)).click();
}

test("the owner tags a member, who then finds that collection under Tagged", async ({ page }) => {
  // Three accounts and their invitations, an axe run and two posts.
  test.slow();
  const owner = await createVerifiedUser("tags-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Lighthouse Keepers");
  const { member: tina } = await acceptedMember(token, teamId, "Tina Tagged", "viewer");
  await acceptedMember(token, teamId, "Ugo Uploader", "uploader");
  for (const name of ["Lantern", "Harbour wall"]) {
    await apiCall(token, "POST", `/teams/${teamId}/collections`, { name });
  }
  await signIn(page, owner.email);
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name: "Lighthouse Keepers" })).toBeVisible();
  const teamUrl = new URL(page.url()).pathname;

  await rowMenu(page, "Lantern", "Tag members");
  const dialog = page.getByRole("dialog", { name: "Tag members" });
  await expect(dialog.getByText("Tag the members “Lantern” is about.")).toBeVisible();
  // Every active member, none ticked yet; the uploader cannot see the owner's own collection,
  // and the box says so.
  for (const name of ["Olga Owner", "Tina Tagged", "Ugo Uploader"]) {
    await expect(dialog.getByRole("checkbox", { name })).not.toBeChecked();
  }
  await expect(dialog.getByRole("checkbox", { name: "Ugo Uploader" })).toHaveAccessibleDescription(
    "Contributor · cannot see this collection",
  );
  await expect(dialog.getByRole("checkbox", { name: "Tina Tagged" })).toHaveAccessibleDescription(
    "Viewer",
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("checkbox", { name: "Tina Tagged" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("The tagged members are saved.");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${teamUrl}$`));

  // Opened again, the dialog shows the tag; saving the same choice changes nothing.
  await rowMenu(page, "Lantern", "Tag members");
  await expect(dialog.getByRole("checkbox", { name: "Tina Tagged" })).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Nothing changed.");

  // The tagged member signs in and picks themself under "Tagged".
  await page.context().clearCookies();
  await signIn(page, tina.email);
  await page.goto(teamUrl);
  await expect(row(page, "Lantern")).toBeVisible();
  await expect(row(page, "Harbour wall")).toBeVisible();
  // A viewer may not tag: no such item in the menu.
  await openMenu(
    page.getByLabel("Actions for Lantern"),
    page.getByRole("button", { name: "Download" }),
  );
  await expect(page.getByRole("link", { name: "Tag members" })).toHaveCount(0);
  await page.getByLabel("Tagged", { exact: true }).selectOption({ label: "Tina Tagged" });
  if (!js()) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Tagged: Tina Tagged")).toBeVisible();
  await expect(row(page, "Lantern")).toBeVisible();
  await expect(row(page, "Harbour wall")).toHaveCount(0);
  await expect(collectionList(page).getByRole("listitem")).toHaveCount(1);
});

test("a member who may not tag is sent back from the tag dialog's address", async ({ page }) => {
  const owner = await createVerifiedUser("tags-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Quiet Readers");
  const { member } = await acceptedMember(token, teamId, "Vera Viewer", "viewer");
  const { collectionId } = await apiCall(token, "POST", `/teams/${teamId}/collections`, {
    name: "Reading list",
  });
  await signIn(page, member.email);
  await page.goto(`/teams/${teamId}/tag-collection/${collectionId}`);
  await expect(page.getByRole("alert")).toHaveText("Access denied.");
  await expect(page.getByRole("dialog", { name: "Tag members" })).toHaveCount(0);
  await expect(row(page, "Reading list")).toBeVisible();
});
