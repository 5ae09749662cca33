import { expect, test } from "@playwright/test";
import {
  acceptedMember,
  apiAccessToken,
  apiCall,
  createTeamViaApi,
  createVerifiedUser,
  signIn,
  uniqueEmail,
} from "./support/accounts.ts";

/*
 * Whom a team invited is for those who invite (docs/product.md#invitations): a viewer sees the
 * invitation in the members panel and opens it, and the address is nowhere in the pages; the
 * owner still sees it and acts on the invitation.
 */

test("a viewer sees an invitation without its address; the owner sees it", async ({ page }) => {
  const owner = await createVerifiedUser("invited-owner", "Olga Owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, "Choir");
  const address = uniqueEmail("secret-guest");
  await apiCall(token, "POST", `/teams/${teamId}/members`, {
    email: address,
    nickname: "Gina Guest",
    role: "viewer",
    locale: "en",
  });
  const { member: viewer } = await acceptedMember(token, teamId, "Vera Viewer", "viewer");

  await signIn(page, viewer.email);
  const home = await page.goto(`/teams/${teamId}`);
  expect(await home?.text()).not.toContain(address);
  const panel = page.getByRole("complementary", { name: "Members" });
  await panel.getByRole("link", { name: "Gina Guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Member" });
  await expect(dialog.getByText("Gina Guest")).toBeVisible();
  await expect(page).toHaveURL(/\/members\/INVITED(#|%23)/);
  expect(decodeURIComponent(page.url())).toMatch(/\/members\/INVITED#[\w-]{22}/);
  expect(await page.content()).not.toContain(address);
  expect(await page.content()).not.toContain(encodeURIComponent(address));

  await page.context().clearCookies();
  await signIn(page, owner.email);
  await page.goto(`/teams/${teamId}`);
  await page
    .getByRole("complementary", { name: "Members" })
    .getByRole("link", { name: "Gina Guest" })
    .click();
  await expect(page).toHaveURL(/\/members\/EMAIL(#|%23)/);
  expect(decodeURIComponent(page.url())).toContain(`/members/EMAIL#${address}`);
  await expect(page.getByRole("dialog", { name: "Member" }).getByText(address)).toBeVisible();
});
