import { expect, type Page, test } from "@playwright/test";
import {
  apiAccessToken,
  createInternalMember,
  createTeamViaApi,
  createVerifiedUser,
  signIn as signInAs,
} from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { waitForMail } from "./support/mail.ts";
import { openMenu } from "./support/menus.ts";

/*
 * A person's whole account, in both projects: with JavaScript and without it (every step is a
 * plain form post and redirect). Mail goes through a real SMTP server the suite starts.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

const PASSWORD = "Correct-Horse-9";
const NEW_PASSWORD = "Battery-Staple-7";

function uniqueEmail(prefix: string) {
  const project = test.info().project.name;
  return `${prefix}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function linkIn(text: string, path: string) {
  const match = new RegExp(`https?://[^\\s"'<>]+${path}\\?[^\\s"'<>]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0].replaceAll("&amp;", "&"));
}

async function signUp(page: Page, email: string, nickname = "Ada Lovelace") {
  await page.goto("/auth/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Your name or nickname").fill(nickname);
  await page.getByRole("checkbox", { name: "I am 16 or older." }).check();
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/auth\/check-email\?/);
  await expect(page.getByText(`We sent a verification code to ${email}`)).toBeVisible();
}

/**
 * Opens the mailed verify link and confirms the address. In the browser that signed up, that
 * signs it in (ADR 029). `elsewhere` first drops this browser's sign-up proof, as a phone opening
 * the mail would have none: the address is verified, and signing in comes next.
 */
async function verifyFromMail(page: Page, email: string, { elsewhere = false } = {}) {
  const mail = await waitForMail(email, /verif/i);
  const link = linkIn(mail.text, "/auth/verify");
  if (elsewhere) await page.context().clearCookies({ name: "sign-up" });
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Verify email" }).click();
  if (elsewhere) {
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(page.getByRole("status")).toHaveText(
      "Your email address is verified. You can sign in now.",
    );
    await expect(page.getByLabel("Email or username")).toHaveValue(email);
  } else {
    await expect(page).toHaveURL(/\/teams$/);
    await expect(page.getByRole("status")).toHaveText(
      "Your email address is verified, and you are signed in.",
    );
  }
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  const item = page.getByRole("button", { name: "Sign out", exact: true });
  await (await openMenu(page.getByLabel("Account menu"), item)).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
}

test("sign up, verify the emailed code, and be signed in; sign out", async ({ page }) => {
  const email = uniqueEmail("ada");
  await signUp(page, email);
  await expectNoSeriousA11yViolations(page);
  // The browser that signed up is signed in by the verification: no password again.
  await verifyFromMail(page, email);
  await expect(page.getByText("Welcome, Ada Lovelace.")).toBeVisible();

  // Signed in, the guest pages send you back to your teams.
  await page.goto("/auth/signin");
  await expect(page).toHaveURL(/\/teams$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/teams$/);

  await signOut(page);
  await page.goto("/teams");
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test("the verification code can be typed, and a new one requested", async ({ page }) => {
  const email = uniqueEmail("grace");
  await signUp(page, email, "Grace");
  const first = await waitForMail(email, /verif/i);
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByRole("status")).toHaveText(/a new code is on its way/);
  const second = await waitForMail(email, /verif/i, { after: first });
  const code = /\b(\d{6})\b/.exec(second.text)?.[1] ?? "";

  await page.getByLabel("Verification code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(/This code is not right/);

  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your email address is verified, and you are signed in.",
  );
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByText("Welcome, Grace.")).toBeVisible();
});

test("forgot and reset the password", async ({ page }) => {
  const email = uniqueEmail("katherine");
  await signUp(page, email, "Katherine");
  await verifyFromMail(page, email, { elsewhere: true });

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const mail = await waitForMail(email, /password/i);
  const link = linkIn(mail.text, "/auth/reset");
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill("Something-Else-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Passwords must match.")).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("status")).toHaveText(/Your password has been changed/);

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/teams$/);
});

test("the reset mail's code, typed on the reset page with the email, sets the new password", async ({
  page,
}) => {
  const { email } = await createVerifiedUser("dorothy", "Dorothy");
  await page.goto("/auth/forgot");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the code" }).click();
  // On to the page that takes the code, the email filled in.
  await expect(page).toHaveURL(/\/auth\/reset\?/);
  await expect(page.getByRole("status")).toHaveText(
    `If an account exists for ${email}, a code is on its way. It works for one hour.`,
  );
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);

  // Read on another device: the code as a person reads it, a line of six digits.
  const mail = await waitForMail(email, /password/i);
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain("enter this code on the page where you asked for it");

  // A wrong code is refused on the form; the page keeps the email and the code typed.
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Verification code").fill(wrong);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This code is not right. Check it and try again.",
  );
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);

  await page.getByLabel("Verification code").fill(code);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("status")).toHaveText(/Your password has been changed/);
  await expect(page).toHaveURL(/\/auth\/signin/);

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/teams$/);
});

test("sign-in and sign-up errors show on the form and keep what was typed", async ({ page }) => {
  await page.goto("/auth/signin");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter your email address or username.")).toBeVisible();
  await expect(page.getByText("Enter a password.")).toBeVisible();

  await signIn(page, "nobody@example.com", PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await expect(page.getByLabel("Email or username")).toHaveValue("nobody@example.com");
  if (test.info().project.name === "nojs") {
    // The server never sends a password back; with JavaScript the field simply keeps it.
    await expect(page.getByLabel("Password")).toHaveValue("");
  }

  await page.goto("/auth/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByText("The password needs a digit, a lowercase letter")).toBeVisible();
  await expect(page.getByText("You must accept the Terms and the Privacy Policy.")).toBeVisible();
  // The minimum age is asked beside the terms (ADR 096).
  await expect(page.getByText("You must confirm that you are 16 or older.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("with JavaScript, the form checks itself once its schema has loaded; until then the server does", async ({
  page,
}) => {
  test.skip(!js(), "without JavaScript the server checks every form: the test above");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  const schemaRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/schemas-[\w-]+\.js$/.test(request.url())) schemaRequests.push(request.url());
  });
  // The schema is a chunk of its own (ADR 034), fetched once the visitor turns to the form: a page
  // that is only looked at never spends a slow phone's time on it (ADR 046). Sign-in focuses its
  // first field itself, which is not the visitor's doing.
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(schemaRequests, "no schema for a field the page focused").toEqual([]);
  await page.goto("/auth/signup");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(schemaRequests, "no schema before the form is used").toEqual([]);
  const schemaLoaded = page.waitForResponse((response) =>
    /\/schemas-[\w-]+\.js$/.test(response.url()),
  );
  await page.getByLabel("Email").focus();
  await schemaLoaded;
  await page.waitForLoadState("networkidle"); // and conform's zod adapter, fetched with it
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  // Corrected as typed, before any submit.
  await page.getByLabel("Email").fill("ada@example.com");
  await expect(page.getByText("Enter a valid email address.")).toBeHidden();
  expect(posts, "checked in the browser, not posted").toEqual([]);

  // A schema that cannot load (offline, a new version deployed) leaves the checking to the server.
  await page.route(/\/schemas-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/auth/signin");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter your email address or username.")).toBeVisible();
  // Posted (as the router's `.data` request), and answered by the action.
  expect(posts).toContainEqual(expect.stringMatching(/^\/auth\/signin/));
});

test("an unconfirmed account is told to confirm its email", async ({ page }) => {
  const email = uniqueEmail("mary");
  await signUp(page, email, "Mary");
  await page.goto("/auth/signin");
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText(/Confirm your email address first/);
});

test("a guest sent to sign in comes back to the page they wanted", async ({ page }) => {
  const email = uniqueEmail("hedy");
  await signUp(page, email, "Hedy");
  await verifyFromMail(page, email, { elsewhere: true });
  await page.goto("/teams");
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/teams$/);
});

test("a team member signs in with username and team code, and must first choose a password", async ({
  page,
}) => {
  const member = await createInternalMember("Night Shift");
  await page.goto("/auth/signin");
  await page.getByText("Signing in as a team member?").click();
  await page.getByLabel("Team code").fill(member.teamAlias);
  await signIn(page, member.username, member.password);

  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveText(/You must choose a new password/);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(`${NEW_PASSWORD}x`);
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByText("Passwords must match.")).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save and sign in" }).click();
  // Their one team opens.
  await expect(page.getByRole("heading", { level: 1, name: member.teamName })).toBeVisible();
  await signOut(page);

  // A team's sign-in link carries its code; the old password is gone.
  await page.goto(`/auth/signin?team=${member.teamAlias}`);
  await expect(page.getByLabel("Team code")).toHaveValue(member.teamAlias);
  await signIn(page, member.username, member.password);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await signIn(page, member.username, NEW_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/teams/${member.teamAlias}$`));
  await expect(page.getByRole("heading", { level: 1, name: member.teamName })).toBeVisible();
});

test("sign-up links prefill from the early-access mail", async ({ page }) => {
  await page.goto("/auth/signup?beta-access-email=beta%40example.com&beta-access-name=%20%20Bea");
  await expect(page.getByLabel("Email")).toHaveValue("beta@example.com");
  await expect(page.getByLabel("Your name or nickname")).toHaveValue("Bea");
});

test("Back after signing out shows no private page, from the cache or otherwise", async ({
  page,
}) => {
  const user = await createVerifiedUser("back", "Hedy Lamarr");
  await createTeamViaApi(await apiAccessToken(user.email), "Frequency Hopping");
  await signInAs(page, user.email);
  await page.goto("/teams");
  await expect(page.getByRole("heading", { level: 1, name: "Frequency Hopping" })).toBeVisible();
  await signOut(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByText("Frequency Hopping")).toHaveCount(0);
  await expect(page.getByText("Hedy Lamarr")).toHaveCount(0);
});
