import { expect, type Page, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  createCollectionViaApi,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
} from "./support/accounts.ts";
import {
  fileRows,
  PHOTOS,
  preferList,
  uploadThroughDialog,
  uploadViaApi,
} from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Unread means unread, and contributors find their way (docs/product.md#lists,
 * docs/product.md#visibility), in both projects: one's own uploads are read, "mark all as read"
 * is a form that posts; a new collection of a collaborative team is the contributors' to fill; a
 * collection not shared with a member says so and whom to ask; the owner is warned when members
 * see nothing.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;
const unreadRows = (page: Page) => page.locator(".files-table tbody tr.file-unread");

/** Signs the page's visitor out (their cookies) and in as someone else. */
async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await preferList(page.context());
  await signIn(page, email);
}

// These tests are about the files table: the list view, chosen (ADR 073).
test.beforeEach(({ page }) => preferList(page.context()));

test("one's own uploads are read; mark all as read clears the others' for the caller", async ({
  page,
}) => {
  test.slow();
  const owner = await createVerifiedUser("reads-owner", "Orla Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Reading Room");
  const collectionId = await createCollectionViaApi(token, teamId, { name: "Minutes" });
  for (const photo of PHOTOS.slice(0, 2)) await uploadViaApi(token, teamId, collectionId, photo);
  const url = `/teams/${teamId}/collections/${collectionId}`;
  const { member } = await acceptedMember(token, teamId, "Vera Viewer", "viewer");

  // The uploader's own files are not news to it.
  await signIn(page, owner.email);
  await page.goto(url);
  await expect(fileRows(page)).toHaveCount(2);
  await expect(unreadRows(page)).toHaveCount(0);

  // Another member sees them unread until it marks them read.
  await signInAs(page, member.email);
  await page.goto(url);
  await expect(fileRows(page)).toHaveCount(2);
  await expect(unreadRows(page)).toHaveCount(2);
  if (js()) await hydrated(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("Every file here is marked as read.")).toBeVisible();
  await expect(fileRows(page)).toHaveCount(2);
  await expect(unreadRows(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(url);
  // A fresh load keeps them read.
  await page.reload();
  await expect(fileRows(page)).toHaveCount(2);
  await expect(unreadRows(page)).toHaveCount(0);
});

test("a contributor invited to a collaborative team finds the new collection and uploads to it", async ({
  page,
}) => {
  test.slow();
  const owner = await createVerifiedUser("collab-owner", "Otto Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Choir");
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  if (js()) await hydrated(page);
  await page.getByRole("link", { name: "Create collection" }).click();
  const create = page.getByRole("dialog", { name: "Create a collection" });
  // A collaborative team's new collection is every member's to fill, unless unticked.
  await expect(create.getByLabel(/Collaborative/)).toBeChecked();
  await create.getByLabel("Name", { exact: true }).fill("Spring concert");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Spring concert" })).toBeVisible();

  const { member } = await acceptedMember(token, teamId, "Cleo Contributor", "uploader");
  await signInAs(page, member.email);
  await page.goto(`/teams/${teamId}`);
  const collection = page
    .getByRole("list", { name: "Collections" })
    .getByRole("link", { name: "Spring concert", exact: false });
  await expect(collection).toBeVisible();
  await expect(page.getByText("No collections yet.")).toHaveCount(0);
  if (js()) await hydrated(page);
  await collection.click();
  await expect(page.getByRole("heading", { level: 1, name: "Spring concert" })).toBeVisible();
  if (js()) await hydrated(page);
  await uploadThroughDialog(page, [PHOTOS[0] as string]);
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page).first()).toContainText("lake.jpg");
  // Its own upload is read for it.
  await expect(unreadRows(page)).toHaveCount(0);
});

test("a member opening a collection not shared with them is told so and whom to ask; the owner is warned", async ({
  page,
}) => {
  test.slow();
  const owner = await createVerifiedUser("hidden-owner", "Hana Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Archive Group");
  const collectionId = await createCollectionViaApi(token, teamId, {
    name: "Board papers",
    mode: "owned",
  });
  const { member } = await acceptedMember(token, teamId, "Ugo Uploader", "uploader");

  // The owner sees that one member can see nothing, and how to fix it.
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByText("1 member can see no collection.")).toBeVisible();
  await expect(page.getByText(/Share a collection from its menu/)).toBeVisible();

  await signInAs(page, member.email);
  const response = await page.goto(`/teams/${teamId}/collections/${collectionId}`);
  expect(response?.status()).toBe(403);
  await expect(
    page.getByRole("heading", { level: 1, name: "This collection is not shared with you" }),
  ).toBeVisible();
  await expect(
    page.getByText(/Hana Owner created it\. Ask them, or the team's owner/),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Board papers" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Archive Group" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Archive Group" })).toBeVisible();

  // A collection that does not exist is still the 404 page.
  const missing = await page.goto(`/teams/${teamId}/collections/no-such-collection`);
  expect(new URL(page.url()).pathname).toBe("/404");
  expect(missing?.status()).toBe(404);
});
