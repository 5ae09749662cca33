import { expect, type Page, test } from "@playwright/test";
import { createCollectionViaApi, ownerWithCollection, signIn } from "./support/accounts.ts";
import { PHOTOS, preferList, uploadViaApi, waitUntilReady } from "./support/files.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Collections and files are fetched again when the tab comes back (docs/product.md#lists): what
 * another device added meanwhile shows without a reload. A script's doing, so with JavaScript only.
 */

test.skip(
  () => test.info().project.use.javaScriptEnabled === false,
  "a refetch on focus is a script's",
);

/** The tab hidden for `ms`, then shown again, as the browser says it when another tab is in front. */
async function awayFor(page: Page, ms: number) {
  const set = (state: string) =>
    page.evaluate((visibility) => {
      Object.defineProperty(document, "visibilityState", {
        configurable: true,
        get: () => visibility,
      });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);
  await set("hidden");
  await page.waitForTimeout(ms);
  await set("visible");
}

/** A mark on the window that a reload would wipe. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("a collection made elsewhere shows when the tab comes back", async ({ page }) => {
  const { owner, token, teamId } = await ownerWithCollection(
    { prefix: "refetch-collections", nickname: "Rita Refetch", team: "Focus Club" },
    { name: "First album" },
  );
  await signIn(page, owner.email, owner.password);
  await page.goto(`/teams/${teamId}`);
  await hydrated(page);
  await expect(page.getByRole("link", { name: "First album" })).toBeVisible();
  await markDocument(page);

  await createCollectionViaApi(token, teamId, { name: "Made on the phone" });
  // A glance away is not enough.
  await awayFor(page, 200);
  await page.waitForTimeout(1000);
  await expect(page.getByRole("link", { name: "Made on the phone" })).toHaveCount(0);

  await awayFor(page, 3200);
  await expect(page.getByRole("link", { name: "Made on the phone" })).toBeVisible();
  await expect(page.getByRole("link", { name: "First album" })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("a file uploaded elsewhere shows when the tab comes back", async ({ page, context }) => {
  const { owner, token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "refetch-files", nickname: "Rita Refetch", team: "Focus Club" },
    { name: "Lakes", mode: "collaborative" },
  );
  await preferList(context);
  await uploadViaApi(token, teamId, collectionId, PHOTOS[1] as string);
  await waitUntilReady(token, teamId, collectionId, 1);
  await signIn(page, owner.email, owner.password);
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByText("forest.jpg").first()).toBeVisible();
  await markDocument(page);

  await uploadViaApi(token, teamId, collectionId, PHOTOS[0] as string);
  await waitUntilReady(token, teamId, collectionId, 2);
  await expect(page.getByText("lake.jpg")).toHaveCount(0);
  await awayFor(page, 3200);
  await expect(page.getByText("lake.jpg").first()).toBeVisible();
  await expect(page.getByText("forest.jpg").first()).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("the pages loaded on scroll stay when the tab comes back", async ({ page }) => {
  const { owner, token, teamId } = await ownerWithCollection(
    { prefix: "refetch-pages", nickname: "Rita Refetch", team: "Long Shelf" },
    { name: "Batch 00" },
  );
  for (let n = 1; n <= 22; n += 1) {
    await createCollectionViaApi(token, teamId, { name: `Batch ${String(n).padStart(2, "0")}` });
  }
  await signIn(page, owner.email, owner.password);
  await page.goto(`/teams/${teamId}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Load more collections" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("link", { name: "Batch 00" })).toBeVisible();
  const scrolled = await page.evaluate(() => window.scrollY);
  await markDocument(page);

  await createCollectionViaApi(token, teamId, { name: "Batch 23" });
  await awayFor(page, 3200);
  await expect(page.getByRole("link", { name: "Batch 23" })).toBeVisible();
  // The second page's collections are still there, and the page has not moved to the top.
  await expect(page.getByRole("link", { name: "Batch 00" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Batch 01" })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 60);
  expect(await stillSameDocument(page)).toBe(true);
});
