import { expect, test } from "@playwright/test";
import { acceptedMember, apiCall, ownerWithCollection, signIn } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";

/*
 * Asking for zips has a budget per account (docs/product.md#downloads): a viewer who has spent it
 * is told how long to wait, in English and Italian, with JavaScript and without.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

test("a viewer who asked for too many zips is told how long to wait, in English and Italian", async ({
  browser,
  page,
}) => {
  const { token, teamId, collectionId, url } = await ownerWithCollection(
    { prefix: "zip-limit", nickname: "Olga Owner", team: "Choir" },
    { name: "Rehearsals", mode: "collaborative" },
  );
  const { token: viewerToken, member: viewer } = await acceptedMember(
    token,
    teamId,
    "Vera Viewer",
    "viewer",
  );
  // The hour's 30 asks, spent through the API.
  for (let ask = 0; ask < 30; ask++) {
    await apiCall(viewerToken, "POST", `/teams/${teamId}/downloads`, { collectionId });
  }

  await signIn(page, viewer.email);
  await page.goto(url);
  if (js()) await hydrated(page);
  await page.getByRole("button", { name: "Download all" }).click();
  await expect(
    page.getByText(/You have asked for many downloads lately\. Try again in \d+ min\./),
  ).toBeVisible();

  const italian = await browser.newContext({
    locale: "it-IT",
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: js(),
  });
  const tab = await italian.newPage();
  await signIn(tab, viewer.email);
  await tab.goto(url);
  if (js()) await hydrated(tab);
  await tab.getByRole("button", { name: "Scarica tutto" }).click();
  await expect(
    tab.getByText(/Hai chiesto molti download di recente\. Riprova tra \d+ min\./),
  ).toBeVisible();
  await italian.close();
});
