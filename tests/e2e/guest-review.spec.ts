import { expect, type Page, test } from "@playwright/test";
import { ownerWithCollection, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { PHOTOS, preferList, uploadViaApi, waitUntilReady } from "./support/files.ts";
import {
  type SeededGuest,
  seedDropLink,
  sendGuestFile,
  userIdOf,
  waitForFileReady,
} from "./support/guest-files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Guests' files (ADR 099), in both projects: a link that holds uploads keeps its guests' files
 * out of the collection until the owner reviews them on the To review page (one form: Approve or
 * Reject the chosen files, Select all); approved files show who sent them ("Guest: Ana") in the
 * list, in the preview's details and under the Guests tab; rejected ones are in the trash.
 */

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;
const rows = (page: Page) => page.locator(".files-table tbody tr");

async function guestsCollection(team: string) {
  const setup = await ownerWithCollection(
    { prefix: "guest-owner", nickname: "Olga Owner", team },
    { name: "Wedding", mode: "collaborative" },
  );
  const ownerId = userIdOf(setup.owner.email);
  const held = await seedDropLink(setup.teamId, setup.collectionId, ownerId, {
    title: "Reception",
    hold: true,
    guestName: "Ana",
  });
  const open = await seedDropLink(setup.teamId, setup.collectionId, ownerId, {
    title: "Party",
    hold: false,
    guestName: null,
  });
  return { ...setup, held, open };
}

async function send(guest: SeededGuest, file: string, name: string) {
  const fileId = await sendGuestFile(guest, file, name);
  await waitForFileReady(fileId);
  return fileId;
}

test.beforeEach(({ page }) => preferList(page.context()));

test("held guests' files wait on the To review page: approve some, reject the rest to the trash", async ({
  page,
}) => {
  test.slow();
  const setup = await guestsCollection("Review Club");
  const [lake, forest, sunset] = PHOTOS as [string, string, string];
  await uploadViaApi(setup.token, setup.teamId, setup.collectionId, lake);
  await waitUntilReady(setup.token, setup.teamId, setup.collectionId, 1);
  await send(setup.held, forest, "ana-forest.jpg");
  await send(setup.held, sunset, "ana-sunset.jpg");
  await send(setup.held, lake, "ana-lake.jpg");
  await signIn(page, setup.owner.email, setup.owner.password);

  await page.goto(setup.url);
  await hydrated(page);
  // Only the member's file is listed; the held ones are counted on the To review tab.
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("link", { name: "To review (3)" }).click();
  await expect(page.getByRole("heading", { name: "To review" })).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(3);
  await expect(page.getByText("Guest: Ana · Reception")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // Nothing chosen: nothing done, and the page says why.
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Choose at least one file first.")).toBeVisible();

  await page.getByRole("checkbox", { name: /ana-forest\.jpg/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved: 1. They are in the collection now.")).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(2);

  await page.getByRole("link", { name: "Select all" }).click();
  await expect(page.getByRole("checkbox", { name: /ana-sunset\.jpg/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /ana-lake\.jpg/ })).toBeChecked();
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Rejected: 2. They are in the trash.")).toBeVisible();
  await expect(page.getByText("Nothing to review")).toBeVisible();

  await page.goto(setup.url);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("link", { name: /To review/ })).toHaveCount(0);
  const approved = rows(page).filter({ hasText: "ana-forest.jpg" });
  await expect(approved.getByText("Guest: Ana")).toBeVisible();

  await page.goto(`/teams/${setup.teamId}/trash`);
  await expect(page.getByText("ana-sunset.jpg")).toBeVisible();
  await expect(page.getByText("ana-lake.jpg")).toBeVisible();
});

test("a guest's file shows its guest in the list, the preview and under the Guests tab", async ({
  page,
}) => {
  test.slow();
  const setup = await guestsCollection("Guests Club");
  const [lake, forest] = PHOTOS as [string, string];
  await uploadViaApi(setup.token, setup.teamId, setup.collectionId, lake);
  await waitUntilReady(setup.token, setup.teamId, setup.collectionId, 1);
  const fileId = await send(setup.open, forest, "party.jpg");
  await signIn(page, setup.owner.email, setup.owner.password);

  await page.goto(setup.url);
  await expect(rows(page)).toHaveCount(2);
  await expect(
    rows(page).filter({ hasText: "party.jpg" }).getByText("Guest", { exact: true }),
  ).toBeVisible();
  await expect(rows(page).filter({ hasText: "lake.jpg" }).getByText("Olga Owner")).toBeVisible();

  await page.getByRole("link", { name: "Guests", exact: true }).click();
  await expect(page).toHaveURL(/tab=guests/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByRole("link", { name: /party\.jpg/ })).toBeVisible();

  await page.goto(`${setup.url}/files/${fileId}?details=1`);
  await expect(page.getByText(/by Guest$/)).toBeVisible();
  if (withJavaScript()) await hydrated(page);
});
