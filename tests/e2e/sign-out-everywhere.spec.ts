import { type Browser, expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import {
  apiAccessToken,
  createVerifiedUser,
  signIn,
  signInAsAnotherDevice,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";

/*
 * The profile's signed-in devices (ADR 085): sign out of the other devices, or everywhere, with
 * JavaScript and as plain form posts without it. Each device is a browser context of its own.
 */

/** Whether an API access token still works: its session is open. */
async function tokenWorks(accessToken: string) {
  const response = await fetch(`${appUrl}/api/users/@me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return response.status === 200;
}

function sessionsSection(page: Page) {
  return page.getByRole("region", { name: "Signed-in devices" });
}

/** A second device: its own browser context, signed in to the account with its own session. */
async function anotherDevice(browser: Browser, email: string) {
  const javaScriptEnabled = test.info().project.name !== "nojs";
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAnotherDevice(page, email);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  return { context, page };
}

/** The device's session is over: the next page it opens sends it to sign in. */
async function expectSignedOut(page: Page) {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\/signin/);
}

test("sign out of other devices: the others go to sign in, this one stays", async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser("sign-out-others");
  const phone = await anotherDevice(browser, user.email);
  const app = await apiAccessToken(user.email);
  await signIn(page, user.email);
  await page.goto("/profile");
  const section = sessionsSection(page);
  await expect(section.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await section.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your other devices are signed out. This one stays signed in.",
  );
  await expect(page).toHaveURL(/\/profile$/);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expectSignedOut(phone.page);
  expect(await tokenWorks(app)).toBe(false);
  await phone.context.close();
});

test("sign out everywhere: every device goes to sign in, this one too", async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser("sign-out-everywhere");
  const phone = await anotherDevice(browser, user.email);
  await signInAsAnotherDevice(page, user.email);
  await page.goto("/profile");

  await sessionsSection(page).getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByRole("status")).toHaveText("You are signed out on every device.");
  await expectSignedOut(page);
  await expectSignedOut(phone.page);
  await phone.context.close();
});
