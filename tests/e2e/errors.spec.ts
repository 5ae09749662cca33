import { expect, test } from "@playwright/test";
import {
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  ownerWithCollection,
  signIn,
} from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * What a visitor sees when an address asks for something that is not there for them, in a real
 * browser with JavaScript on (documents, and the data a client-side navigation fetches) and off.
 * Every route and failure is asked for over HTTP in robustness.spec.ts; these are the pages.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

async function ownerAndStranger() {
  const { owner, teamId, collectionId } = await ownerWithCollection(
    { prefix: "lost", nickname: "Lena Lost", team: "Lost and Found" },
    { name: "Found things" },
  );
  const stranger = await createVerifiedUser("stranger", "Sam Stranger");
  const strangerTeam = await createTeamViaApi(await apiAccessToken(stranger.email), "Elsewhere");
  return { owner, teamId, collectionId, strangerTeam };
}

test("a missing collection, another team's, and an old page link show the 404 page or the list", async ({
  page,
}) => {
  const { owner, teamId, collectionId, strangerTeam } = await ownerAndStranger();
  await signIn(page, owner.email);

  for (const path of [
    `/teams/${teamId}/collections/no-such-collection`,
    `/teams/${strangerTeam}/collections/${collectionId}`,
    `/teams/${teamId}/collections/no-such-collection/files/no-such-file`,
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }

  // A "load more" link from a list that has since changed starts again from the first page.
  await page.goto(`/teams/${teamId}/collections/${collectionId}?cursor=garbage`);
  await expect(page).toHaveURL(new RegExp(`/collections/${collectionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Found things" })).toBeVisible();
});

test("a client-side navigation to a missing collection shows the 404 page", async ({ page }) => {
  test.skip(!js(), "without JavaScript every navigation is a document: the test above");
  const { owner, teamId } = await ownerAndStranger();
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Lost and Found" })).toBeVisible();
  // Hydrated: the router fetches the next page's data (`.data`) instead of a document.
  await hydrated(page);
  const dataRequest = page.waitForRequest((request) => request.url().includes(".data"));
  await page.evaluate((to) => {
    const router = (window as unknown as { __remixRouter: { navigate(to: string): unknown } })
      .__remixRouter;
    void router.navigate(to);
  }, `/teams/${teamId}/collections/no-such-collection?cursor=garbage`);
  await dataRequest;
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("a signed-out visitor is sent to sign in, and comes back to the page afterwards", async ({
  page,
}) => {
  const { owner, teamId, collectionId } = await ownerAndStranger();
  const path = `/teams/${teamId}/collections/${collectionId}?sort=asc`;
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await page.getByLabel("Email or username").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace("?", "\\?")}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Found things" })).toBeVisible();
});
