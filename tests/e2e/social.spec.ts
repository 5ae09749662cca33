import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { appUrl, oidc } from "../../playwright.config.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Social sign-in against a real OpenID Connect server (support/oidc-server.ts), in both
 * projects: the buttons are plain form posts, and every step after them is a redirect.
 */

function uniqueEmail(prefix: string) {
  const project = test.info().project.name;
  return `${prefix}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Who the provider signs in next in this browser (or the error it answers), as cookies there. */
async function atProvider(context: BrowserContext, values: Record<string, string>) {
  await context.clearCookies({ name: /^oidc_/ });
  await context.addCookies(
    Object.entries(values).map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      url: oidc.issuer,
    })),
  );
}

const providerButton = (page: Page) =>
  page.getByRole("button", { name: `Continue with ${oidc.name}` });

async function signOut(page: Page) {
  const item = page.getByRole("button", { name: "Sign out", exact: true });
  await (await openMenu(page.getByLabel("Account menu"), item)).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Presses the button without following the redirect to the provider: the session cookie (shared
 * by page.request with the browser) now holds a sign-in under way. Answers the authorization URL.
 */
async function startSignInWithoutFinishing(page: Page) {
  const response = await page.request.post("/auth/social/oidc", {
    headers: { Origin: appUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const location = new URL(response.headers().location ?? "");
  expect(location.origin).toBe(oidc.issuer);
  return location;
}

test("sign in with the provider, then again into the same account", async ({ page, context }) => {
  const email = uniqueEmail("grace");
  await atProvider(context, {
    oidc_email: email,
    oidc_given_name: "Grace",
    oidc_family_name: "Hopper",
  });
  await page.goto("/auth/signin");
  await expect(providerButton(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const authorize = page.waitForRequest((request) =>
    request.url().startsWith(`${oidc.issuer}/authorize`),
  );
  await providerButton(page).click();
  // The provider was asked for a code with PKCE, a state and a nonce, to come back to us.
  const query = new URL((await authorize).url()).searchParams;
  expect(query.get("response_type")).toBe("code");
  expect(query.get("client_id")).toBe(oidc.clientId);
  expect(query.get("redirect_uri")).toBe(`${appUrl}/auth/callback`);
  expect(query.get("scope")).toBe("openid email profile");
  expect(query.get("code_challenge_method")).toBe("S256");
  expect(query.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  expect(query.get("state")).toMatch(/^[\w-]{32}$/);
  expect(query.get("nonce")).toMatch(/^[\w-]{43}$/);

  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByText("Welcome, Grace.")).toBeVisible();
  const [session] = (await context.cookies(appUrl)).filter((cookie) => cookie.name === "session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Signed in, the sign-in page sends you on.
  await page.goto("/auth/signin");
  await expect(page).toHaveURL(/\/teams$/);

  await signOut(page);
  // The provider now says the given name is "Gracie": the account found is the one made before,
  // with the name it was made with.
  await atProvider(context, { oidc_email: email, oidc_given_name: "Gracie" });
  await page.goto("/auth/signin");
  await providerButton(page).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByText("Welcome, Grace.")).toBeVisible();
});

test("the button shows only the provider's name; its secret never reaches a page", async ({
  page,
  request,
}) => {
  await page.goto("/auth/signin");
  await expect(providerButton(page)).toBeVisible();
  // The built-in providers are not configured here, so their buttons are absent.
  await expect(
    page.getByRole("button", { name: /Continue with (Google|Apple|LinkedIn)/ }),
  ).toHaveCount(0);
  for (const path of ["/auth/signin", "/auth/signin.data"]) {
    const body = await (await request.get(path)).text();
    expect(body, path).not.toContain(oidc.clientSecret);
  }
  expect(await page.content()).not.toContain(oidc.clientSecret);
});

test("a guest sent to sign in comes back to the page they wanted", async ({ page, context }) => {
  await atProvider(context, { oidc_email: uniqueEmail("ada"), oidc_given_name: "Ada" });
  await page.goto("/teams?from=social");
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await providerButton(page).click();
  await expect(page).toHaveURL(/\/teams\?from=social$/);
  await expect(page.getByText("Welcome, Ada.")).toBeVisible();
});

test("a sign-in refused at the provider shows why, on the sign-in page", async ({
  page,
  context,
}) => {
  await atProvider(context, { oidc_error: "access_denied" });
  await page.goto("/auth/signin");
  await providerButton(page).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole("alert")).toHaveText(
    `Signing in with ${oidc.name} did not work. Sign-in canceled.`,
  );
  // The provider's own description is not shown.
  await expect(page.getByText("not shown to people")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // The message is shown once.
  await page.reload();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await atProvider(context, { oidc_error: "server_error" });
  await providerButton(page).click();
  await expect(page.getByRole("alert")).toHaveText(
    `Signing in with ${oidc.name} did not work. An unknown error has occurred.`,
  );

  // A description naming a code of the error catalogue shows that code's message.
  await atProvider(context, {
    oidc_error: "access_denied",
    oidc_error_description: "PreSignUp failed with error restrictedAuthorization.",
  });
  await providerButton(page).click();
  await expect(page.getByRole("alert")).toHaveText("Sign-in is by invitation only.");
});

test("a callback's error_description shows its mapped message, never its own text", async ({
  page,
}) => {
  // Not this browser's sign-in (no state): still the catalogue's message, with a way to sign in.
  const described = new URLSearchParams({
    error_description: "PreSignUp failed with error privateEmailSignUpNotAllowed.",
  });
  await page.goto(`/auth/callback?${described}`);
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole("alert")).toHaveText(
    'Choose "Share My Email" when signing in with Apple, so your teams can reach you.',
  );
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  // Anything else is the generic text; the description's own words never reach the page.
  const unknown = new URLSearchParams({
    error: "access_denied",
    error_description: "<b>Locked</b>: call +1 555 0100",
  });
  await page.goto(`/auth/callback?${unknown}`);
  await expect(page.getByRole("alert")).toHaveText("Sign-in canceled.");
  await expect(page.getByText("555 0100")).toHaveCount(0);
});

/** The provider's error codes (RFC 6749, OpenID Connect) and the authentication errors they show. */
const PROVIDER_ERRORS: [string, string][] = [
  ["access_denied", "Sign-in canceled."],
  ["login_required", "Sign-in canceled."],
  ["redirect_uri_mismatch", "No matching redirect URL."],
  ["unauthorized_client", "No access token returned."],
  ["unsupported_response_type", "No access token returned."],
  ["invalid_scope", "No access token returned."],
  ["invalid_grant", "Invalid tokens."],
  ["invalid_request", "An unknown error has occurred."],
  ["server_error", "An unknown error has occurred."],
  ["temporarily_unavailable", "An unknown error has occurred."],
  ["something_new", "An unknown error has occurred."],
];

test("each error the provider answers shows its authentication error, naming the provider", async ({
  page,
  context,
}) => {
  for (const [error, text] of PROVIDER_ERRORS) {
    // The provider sends the browser back to /auth/callback?error=...&state=... (this sign-in's).
    await atProvider(context, { oidc_error: error });
    await page.goto("/auth/signin");
    const callback = page.waitForRequest((request) =>
      request.url().startsWith(`${appUrl}/auth/callback?`),
    );
    await providerButton(page).click();
    const query = new URL((await callback).url()).searchParams;
    expect(query.get("error"), error).toBe(error);
    expect(query.get("state"), error).toMatch(/^[\w-]{32}$/);
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole("alert"), error).toHaveText(
      `Signing in with ${oidc.name} did not work. ${text}`,
    );
    await expect(page.getByText("not shown to people")).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("an answer naming another issuer than the one asked is refused as a different origin", async ({
  page,
}) => {
  const started = await startSignInWithoutFinishing(page);
  const query = new URLSearchParams({
    code: "some-code",
    state: started.searchParams.get("state") ?? "",
    iss: "https://other-provider.example",
  });
  await page.goto(`/auth/callback?${query}`);
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole("alert")).toHaveText(
    `Signing in with ${oidc.name} did not work. Different origin for redirect.`,
  );
});

test.describe("in Italian", () => {
  test.use({ locale: "it-IT" });

  test("a refused sign-in is explained in Italian", async ({ page, context }) => {
    await atProvider(context, { oidc_error: "access_denied" });
    await page.goto("/auth/signin");
    await page.getByRole("button", { name: `Continua con ${oidc.name}` }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `L'accesso con ${oidc.name} non è riuscito. Accesso annullato.`,
    );
    await atProvider(context, { oidc_error: "redirect_uri_mismatch" });
    await page.getByRole("button", { name: `Continua con ${oidc.name}` }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `L'accesso con ${oidc.name} non è riuscito. Nessun URL di reindirizzamento corrispondente.`,
    );
  });
});

test("a callback with a forged or missing state is refused", async ({ page, context }) => {
  await atProvider(context, { oidc_email: uniqueEmail("mallory") });
  const refused = "An error occurred while validating the state.";

  const started = await startSignInWithoutFinishing(page);
  const state = started.searchParams.get("state") ?? "";
  await page.goto(`/auth/callback?code=stolen-code&state=${"x".repeat(32)}`);
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole("alert")).toHaveText(refused);
  // That attempt is over: its real state is no good any more either.
  await page.goto(`/auth/callback?code=stolen-code&state=${state}`);
  await expect(page.getByRole("alert")).toHaveText(refused);

  await startSignInWithoutFinishing(page);
  await page.goto("/auth/callback?code=stolen-code");
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole("alert")).toHaveText(refused);

  // With no sign-in started at all.
  await context.clearCookies({ name: "session" });
  await page.goto(`/auth/callback?code=stolen-code&state=${state}`);
  await expect(page.getByRole("alert")).toHaveText(refused);

  await page.goto("/teams");
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test("a provider's form post comes back as a GET; a foreign post cannot start a sign-in", async ({
  request,
}) => {
  // Sign in with Apple answers with a cross-site form post (response_mode=form_post).
  const posted = await request.post("/auth/callback", {
    form: { code: "the-code", state: "the-state", user: '{"name":{}}' },
    headers: { Origin: "https://appleid.apple.com" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe("/auth/callback?code=the-code&state=the-state");

  const foreign = await request.post("/auth/social/oidc", {
    form: {},
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
});
