import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  acceptedMember,
  apiAccessToken,
  createTeamViaApi,
  createVerifiedUser,
  ownerWithCollection,
  PASSWORD,
  signIn,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { PHOTOS, preferList, uploadViaApi } from "./support/files.ts";
import { waitForMail } from "./support/mail.ts";

/*
 * The profile's account settings (docs/product.md#account-settings), with JavaScript and as
 * plain form posts without it: changing the password, deleting the account.
 */

const NEW_PASSWORD = "Fresh-Start-42";

/** Whether an API access token still works: its session is open. */
async function tokenWorks(accessToken: string) {
  const response = await fetch(`${appUrl}/api/users/@me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return response.status === 200;
}

function passwordSection(page: Page) {
  return page.getByRole("region", { name: "Password" });
}

test("change the password: the current one is asked, other sessions end, a mail tells", async ({
  page,
}) => {
  const user = await createVerifiedUser("password-change");
  const elsewhere = await apiAccessToken(user.email);
  await signIn(page, user.email);
  await page.goto("/profile");
  const section = passwordSection(page);
  await expect(section.getByRole("heading", { name: "Password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const submit = section.getByRole("button", { name: "Change password" });

  // A new password the rule refuses.
  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByLabel("New password", { exact: true }).fill("weakpassword");
  await section.getByLabel("Confirm the new password").fill("weakpassword");
  await submit.click();
  await expect(
    section.getByText(
      "The password needs a digit, a lowercase letter, an uppercase letter and a special character.",
    ),
  ).toBeVisible();

  // A wrong current password: the API's refusal, shown on the form.
  await section.getByLabel("Current password").fill("Not-The-Password-1");
  await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await section.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
  await submit.click();
  await expect(section.getByRole("alert")).toHaveText("The current password is not right.");
  if (test.info().project.name === "nojs") {
    // The server never writes a password back into the page.
    await expect(section.getByLabel("Current password")).toHaveValue("");
  }
  expect(await tokenWorks(elsewhere)).toBe(true);

  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await section.getByLabel("Confirm the new password").fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(
    "Your password is changed. Other devices were signed out.",
  );
  await expect(page).toHaveURL(/\/profile$/);

  // This browser is still signed in; the other session is over.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  expect(await tokenWorks(elsewhere)).toBe(false);
  // The new password signs in, and the address was told.
  expect(await tokenWorks(await apiAccessToken(user.email, NEW_PASSWORD))).toBe(true);
  const mail = await waitForMail(user.email, /password was changed/);
  expect(mail.links[0]).toContain("/auth/forgot?email=");
});

function deletionSection(page: Page) {
  return page.getByRole("region", { name: "Delete your account" });
}

test("an owner cannot delete the account, and is told the way out", async ({ page }) => {
  const owner = await createVerifiedUser("deletion-owner");
  await createTeamViaApi(await apiAccessToken(owner.email), "Owned Team");
  await signIn(page, owner.email);
  await page.goto("/profile");
  const section = deletionSection(page);
  await section.getByLabel("Your password, to confirm").fill(PASSWORD);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByRole("alert")).toContainText(
    "You own a team, and a team cannot be left without its owner.",
  );
  await expect(section.getByRole("alert")).toContainText("Make owner");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
});

test("a member deletes the account: signed out, told by mail, their file stays by a former member", async ({
  page,
}) => {
  const team = await ownerWithCollection(
    { prefix: "deletion-team", nickname: "Olga Owner", team: "Deletion Team" },
    { name: "Shared Photos", mode: "collaborative" },
  );
  const { token, member } = await acceptedMember(
    team.token,
    team.teamId,
    "Leaving Lena",
    "uploader",
  );
  const [photo] = PHOTOS;
  await uploadViaApi(token, team.teamId, team.collectionId, photo as string);

  await signIn(page, member.email);
  await page.goto("/profile");
  const section = deletionSection(page);
  await expect(section.getByText("shown as from a former member")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const submit = section.getByRole("button", { name: "Delete my account" });

  await submit.click();
  await expect(section.getByText("Enter a password.")).toBeVisible();
  await section.getByLabel("Your password, to confirm").fill("Not-The-Password-1");
  await submit.click();
  await expect(section.getByRole("alert")).toHaveText("The current password is not right.");
  expect(await tokenWorks(token)).toBe(true);

  await section.getByLabel("Your password, to confirm").fill(PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(new URL("/", appUrl).href);
  await expect(page.getByRole("status")).toHaveText(
    "Your account is deleted. We sent a confirmation to your email address.",
  );
  expect(await tokenWorks(token)).toBe(false);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\/signin/);
  const mail = await waitForMail(member.email, /account is deleted/);
  expect(mail.text).toContain("shown as from a former member");

  // The owner still has the file, uploaded by a former member (the list names uploaders).
  await signIn(page, team.owner.email);
  await preferList(page.context());
  await page.goto(team.url);
  await expect(page.getByText("A former member")).toBeVisible();
});
