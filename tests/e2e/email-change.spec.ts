import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  apiAccessToken,
  createVerifiedUser,
  PASSWORD,
  signIn,
  uniqueEmail,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { waitForMail } from "./support/mail.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Changing the email from the profile (docs/product.md#email-change), with JavaScript and as
 * plain form posts without it: the password asks, the code mailed to the new address confirms,
 * the old address is told, and only the new address signs in afterwards.
 */

/** Whether an API access token still works: its session is open. */
async function tokenWorks(accessToken: string) {
  const response = await fetch(`${appUrl}/api/users/@me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return response.status === 200;
}

function emailSection(page: Page) {
  return page.getByRole("region", { name: "Email address" });
}

/** The path and query of a mailed link: the mail names the public address. */
function pathOf(link: string) {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("change the email: asked with the password, confirmed by the code sent to it, then the only one that signs in", async ({
  page,
}) => {
  test.slow(); // four accounts' passwords hashed, two pages checked by axe, on two busy cores
  const user = await createVerifiedUser("email-change");
  const taken = await createVerifiedUser("email-taken");
  const elsewhere = await apiAccessToken(user.email);
  const target = uniqueEmail("email-new");
  await signIn(page, user.email);
  await page.goto("/profile");
  const section = emailSection(page);
  await expect(page.getByText(user.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const submit = section.getByRole("button", { name: "Send the code" });

  // A wrong password: the API's refusal, on the form.
  await section.getByLabel("New email address").fill(target);
  await section.getByLabel("Current password").fill("Not-The-Password-1");
  await submit.click();
  await expect(section.getByRole("alert")).toHaveText("The current password is not right.");
  if (test.info().project.name === "nojs") {
    // The server never writes a password back into the page; the address stays.
    await expect(section.getByLabel("Current password")).toHaveValue("");
    await expect(section.getByLabel("New email address")).toHaveValue(target);
  }

  // An address with an account: sign-up's words.
  await section.getByLabel("New email address").fill(taken.email);
  await section.getByLabel("Current password").fill(PASSWORD);
  await submit.click();
  await expect(section.getByRole("alert")).toHaveText(
    "An account with this email address already exists.",
  );

  await section.getByLabel("New email address").fill(target);
  await section.getByLabel("Current password").fill(PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/\/profile\/email\?email=/);
  await expect(page.getByRole("status")).toHaveText("We sent a code to your new address.");
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await expect(page.getByText(`We sent a code to ${target}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A wrong code is refused; nothing changed yet.
  const mail = await waitForMail(target, /Confirm your new/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  await page.getByLabel("Verification code").fill(code === "000000" ? "000001" : "000000");
  await page.getByRole("button", { name: "Confirm the new email" }).click();
  await expect(page.getByRole("alert")).toHaveText(/This code is not right/);
  expect(await tokenWorks(await apiAccessToken(user.email))).toBe(true);

  // The mailed link fills the code in; the button confirms it.
  expect(mail.links).toHaveLength(1);
  await page.goto(pathOf(mail.links[0] as string));
  await expect(page.getByLabel("Verification code")).toHaveValue(code);
  await page.getByRole("button", { name: "Confirm the new email" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("status")).toHaveText(
    "Your email is changed: sign in with it from now on. Other devices were signed out.",
  );
  await expect(page.getByText(target)).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);

  // This browser stays signed in; the other session is over; the old address was told.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  expect(await tokenWorks(elsewhere)).toBe(false);
  const notice = await waitForMail(user.email, /email was changed/);
  expect(notice.text).toContain(`was changed to ${target}`);

  // Signed out, the old address signs in no more, the new one does.
  const signOut = page.getByRole("button", { name: "Sign out", exact: true });
  await (await openMenu(page.getByLabel("Account menu"), signOut)).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.getByLabel("Email or username").fill(user.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await page.getByLabel("Email or username").fill(target);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/teams$/);
});

test("the confirmation page asks a guest to sign in first, and comes back with the code", async ({
  page,
}) => {
  const user = await createVerifiedUser("email-link");
  await page.goto("/profile/email?email=someone%40example.com&code=123456");
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signIn(page, user.email);
  await page.goto("/profile/email?email=someone%40example.com&code=123456");
  await expect(page.getByLabel("Verification code")).toHaveValue("123456");
});
