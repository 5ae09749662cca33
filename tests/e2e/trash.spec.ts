import { expect, type Page, test } from "@playwright/test";
import { appUrl, stripe } from "../../playwright.config.ts";
import { acceptedMember, ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { PHOTOS, preferList, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * The trash (ADR 093), in both projects: a file or a collection is moved to the trash behind a
 * question, the snackbar's Undo brings it back, and the team's trash screen restores, deletes
 * forever and empties. Without JavaScript every step is a plain page and form post.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

const rows = (page: Page) => page.locator(".files-table tbody tr");
const trashItem = (page: Page, name: string) =>
  page.locator(".trash-row").filter({ has: page.locator(`.trash-name[title="${name}"]`) });

/** Olga's team with one collection of two photos, ready, and Olga signed in. */
async function teamWithPhotos(page: Page, team: string, collection: string) {
  const setup = await ownerWithCollection(
    { prefix: "trash-owner", nickname: "Olga Owner", team },
    { name: collection, mode: "collaborative" },
  );
  const [lake, forest] = PHOTOS as [string, string];
  await uploadViaApi(setup.token, setup.teamId, setup.collectionId, lake);
  await uploadViaApi(setup.token, setup.teamId, setup.collectionId, forest);
  await waitUntilReady(setup.token, setup.teamId, setup.collectionId, 2);
  await signIn(page, setup.owner.email, setup.owner.password);
  return setup;
}

/** Moves a file of the table to the trash through its row's menu and the question. */
async function moveFileToTrash(page: Page, name: string) {
  const item = page.getByRole("link", { name: "Move to the trash" });
  await (await openMenu(page.getByLabel(`Actions for ${name}`), item)).click();
  const question = page.getByRole("dialog", { name: "Move to the trash" });
  await expect(
    question.getByText(`Move “${name}” to the trash? It stays there 30 days.`),
  ).toBeVisible();
  await question.getByRole("button", { name: "Move to the trash" }).click();
  await expect(page.getByText("Moved to the trash.")).toBeVisible();
}

test.beforeEach(({ page }) => preferList(page.context()));

test("a file moved to the trash leaves the list, and the snackbar's Undo brings it back", async ({
  page,
}) => {
  test.slow();
  const { url } = await teamWithPhotos(page, "Trash Club", "Lakes");
  await page.goto(url);
  await hydrated(page);
  await expect(rows(page)).toHaveCount(2);

  // Cancel leaves it where it is.
  const item = page.getByRole("link", { name: "Move to the trash" });
  await (await openMenu(page.getByLabel("Actions for lake.jpg"), item)).click();
  await page
    .getByRole("dialog", { name: "Move to the trash" })
    .getByRole("link", { name: "Cancel" })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  await moveFileToTrash(page, "lake.jpg");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByRole("link", { name: "lake.jpg" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Restored: the file is back in its collection.")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).getByRole("link", { name: "lake.jpg" })).toBeVisible();
});

test("a file moved to the trash from its preview is restored from the trash screen", async ({
  page,
}) => {
  test.slow();
  const { url, teamId } = await teamWithPhotos(page, "Preview Club", "Forests");
  await page.goto(url);
  await rows(page).getByRole("link", { name: "forest.jpg" }).click();
  const preview = page.getByRole("dialog", { name: "forest.jpg" });
  await preview.getByRole("link", { name: "Move to the trash" }).click();
  const question = page.getByRole("dialog", { name: "Move to the trash" });
  // Cancel goes back to the preview.
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog", { name: "forest.jpg" })).toBeVisible();
  await page
    .getByRole("dialog", { name: "forest.jpg" })
    .getByRole("link", { name: "Move to the trash" })
    .click();
  await page
    .getByRole("dialog", { name: "Move to the trash" })
    .getByRole("button", { name: "Move to the trash" })
    .click();
  await expect(page.getByText("Moved to the trash.")).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // The team menu leads to the trash.
  const link = page.getByRole("link", { name: "Trash", exact: true });
  await (await openMenu(page.getByLabel("Team menu for Preview Club"), link)).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/trash$`));
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await expect(
    page.getByText("Items in the trash still count toward your storage until they are purged."),
  ).toBeVisible();
  const row = trashItem(page, "forest.jpg");
  await expect(row).toContainText("In Forests");
  await expect(row).toContainText("Deleted by Olga Owner");
  await expect(row).toContainText("Purged on");
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("button", { name: "Restore “forest.jpg”" }).click();
  await expect(page.getByText("Restored: the file is back in its collection.")).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await page.goto(url);
  await expect(rows(page)).toHaveCount(2);
});

test("a collection moved to the trash comes back with its files; its file waits for it", async ({
  page,
}) => {
  test.slow();
  const { url, teamId, token, collectionId } = await teamWithPhotos(page, "Album Club", "Walks");
  // lake.jpg goes to the trash on its own; then, before its Undo, its collection does too.
  await page.goto(url);
  await moveFileToTrash(page, "lake.jpg");
  const trashed = await fetch(`${appUrl}/api/teams/${teamId}/collections/${collectionId}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(trashed.status).toBe(204);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/trash$`));
  await expect(
    page.getByText("Restore the collection first: this file’s collection is in the trash too."),
  ).toBeVisible();
  await expect(trashItem(page, "lake.jpg")).toContainText(
    "“Walks” is in the trash too: restore the collection first.",
  );
  await expect(trashItem(page, "lake.jpg").getByRole("button")).toHaveCount(0);
  await expect(trashItem(page, "Walks")).toContainText("Collection with 1 file");

  // The collection comes back with forest.jpg; lake.jpg, deleted on its own, stays.
  await trashItem(page, "Walks").getByRole("button", { name: "Restore “Walks”" }).click();
  await expect(page.getByText("Restored: the collection is back, with its files.")).toBeVisible();
  await expect(trashItem(page, "Walks")).toHaveCount(0);
  await trashItem(page, "lake.jpg").getByRole("button", { name: "Restore “lake.jpg”" }).click();
  await expect(page.getByText("Restored: the file is back in its collection.")).toBeVisible();
  await page.goto(url);
  await expect(rows(page)).toHaveCount(2);

  // From the collection's menu, the same way to the trash and back.
  await page.goto(`/teams/${teamId}`);
  const item = page.getByRole("link", { name: "Move to the trash" });
  await (await openMenu(page.getByLabel("Actions for Walks"), item)).click();
  const question = page.getByRole("dialog", { name: "Move to the trash" });
  await expect(
    question.getByText("Move “Walks” and its files to the trash? It stays there 30 days."),
  ).toBeVisible();
  await question.getByRole("button", { name: "Move to the trash" }).click();
  await expect(page.getByText("Moved to the trash.")).toBeVisible();
  await expect(page.getByText("No collections yet.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Restored: the collection is back, with its files.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Walks", exact: false })).toBeVisible();
});

test("an owner deletes an item forever, then empties the trash", async ({ page }) => {
  test.slow();
  const { url, teamId } = await teamWithPhotos(page, "Empty Club", "Boxes");
  await page.goto(url);
  await moveFileToTrash(page, "lake.jpg");
  await moveFileToTrash(page, "forest.jpg");

  await page.goto(`/teams/${teamId}/trash`);
  await trashItem(page, "lake.jpg").getByRole("link", { name: "Delete forever: lake.jpg" }).click();
  const forever = page.getByRole("dialog", { name: "Delete forever" });
  await expect(
    forever.getByText("Delete “lake.jpg” forever? This cannot be undone."),
  ).toBeVisible();
  await forever.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Deleted forever.")).toBeVisible();
  await expect(trashItem(page, "lake.jpg")).toHaveCount(0);
  await expect(trashItem(page, "forest.jpg")).toHaveCount(1);

  await page.getByRole("link", { name: "Empty trash" }).click();
  const empty = page.getByRole("dialog", { name: "Empty the trash" });
  await expect(
    empty.getByText("Delete everything in the trash forever? This cannot be undone."),
  ).toBeVisible();
  if (!withJavaScript()) await expectNoSeriousA11yViolations(page);
  await empty.getByRole("button", { name: "Empty trash" }).click();
  await expect(page.getByText("The trash is empty: 1 item deleted forever.")).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Empty trash" })).toHaveCount(0);
  await page.goto(url);
  await expect(page.getByText("No files here yet.")).toBeVisible();
});

test("an uploader moves their own file to the trash and restores it; the rest of the trash is not theirs", async ({
  page,
}) => {
  test.slow();
  const setup = await ownerWithCollection(
    { prefix: "trash-owner", nickname: "Olga Owner", team: "Crew Club" },
    { name: "Shared", mode: "collaborative" },
  );
  const { token, member } = await acceptedMember(
    setup.token,
    setup.teamId,
    "Ugo Uploader",
    "uploader",
  );
  const [lake, forest] = PHOTOS as [string, string];
  // Olga's own file, in the trash: not Ugo's to see.
  const olgas = await uploadViaApi(setup.token, setup.teamId, setup.collectionId, forest);
  const trashed = await fetch(
    `${appUrl}/api/teams/${setup.teamId}/collections/${setup.collectionId}/files/${olgas}`,
    { method: "DELETE", headers: { Authorization: `Bearer ${setup.token}` } },
  );
  expect(trashed.status).toBe(204);
  await uploadViaApi(token, setup.teamId, setup.collectionId, lake);
  await waitUntilReady(token, setup.teamId, setup.collectionId, 1);
  await signIn(page, member.email);
  await page.goto(setup.url);
  await moveFileToTrash(page, "lake.jpg");

  const link = page.getByRole("link", { name: "Trash", exact: true });
  await (await openMenu(page.getByLabel("Team menu for Crew Club"), link)).click();
  const row = trashItem(page, "lake.jpg");
  await expect(row).toContainText("Deleted by Ugo Uploader");
  await expect(trashItem(page, "forest.jpg")).toHaveCount(0);
  // Deleting forever and emptying are the owner's and admins'.
  await expect(page.getByRole("link", { name: "Empty trash" })).toHaveCount(0);
  await expect(row.getByRole("link", { name: /Delete forever/ })).toHaveCount(0);
  await row.getByRole("button", { name: "Restore “lake.jpg”" }).click();
  await expect(page.getByText("Restored: the file is back in its collection.")).toBeVisible();
  await page.goto(setup.url);
  await expect(rows(page)).toHaveCount(1);
});

test("the trash comes 20 at a time, then the next ones", async ({ page }) => {
  test.slow();
  const setup = await ownerWithCollection(
    { prefix: "trash-owner", nickname: "Olga Owner", team: "Many Club" },
    { name: "Many", mode: "collaborative" },
  );
  for (let index = 0; index < 21; index++) {
    const fileId = await uploadViaApi(
      setup.token,
      setup.teamId,
      setup.collectionId,
      PHOTOS[index % 3] ?? "",
    );
    const trashed = await fetch(
      `${appUrl}/api/teams/${setup.teamId}/collections/${setup.collectionId}/files/${fileId}`,
      { method: "DELETE", headers: { Authorization: `Bearer ${setup.token}` } },
    );
    expect(trashed.status).toBe(204);
  }
  await signIn(page, setup.owner.email, setup.owner.password);
  await page.goto(`/teams/${setup.teamId}/trash`);
  await hydrated(page);
  const items = page.locator(".trash-row");
  await expect(items).toHaveCount(20);
  const more = page.getByRole("link", { name: "Load more" });
  if (withJavaScript()) {
    // Scrolling it into view loads the next page into this one.
    await more.scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(21);
  } else {
    await more.click();
    await expect(items).toHaveCount(1);
    await expect(page.getByRole("link", { name: "First page" })).toBeVisible();
  }
  await expect(more).toBeHidden();
});

test("the questions, the trash and the team's delete page say the days of the owner's plan", async ({
  page,
}) => {
  test.slow();
  const name = `Week Club ${Date.now().toString(36)}`;
  const { owner, teamId, collectionId } = await ownerWithCollection(
    { prefix: "trash-week", nickname: "Wanda Week", team: name },
    { name: "Weekly" },
  );
  await signIn(page, owner.email, owner.password);
  // The e2e catalogue's Team plan keeps the trash 7 days (tests/e2e/fixtures/plans.json).
  await page.goto("/plans");
  const team = page
    .locator(".plan-card")
    .filter({ has: page.getByRole("heading", { name: "Team", exact: true }) });
  await team.getByRole("button", { name: "Choose Team" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/plans\?checkout=done$/);
  await expect(team.getByText("Your plan")).toBeVisible();

  await page.goto(`/teams/${teamId}/delete-collection/${collectionId}`);
  await expect(
    page
      .getByRole("dialog", { name: "Move to the trash" })
      .getByText("Move “Weekly” and its files to the trash? It stays there 7 days."),
  ).toBeVisible();
  await page.goto(`/teams/${teamId}/trash`);
  await expect(
    page.getByText("What is deleted now stays here 7 days, then it is purged."),
  ).toBeVisible();
  await page.goto(`/teams/${teamId}/delete`);
  await expect(
    page.getByText(/You can restore it for 7 days; after .+ it is gone for good\./),
  ).toBeVisible();
});
