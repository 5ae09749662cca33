import { expect, type Page, test } from "@playwright/test";
import { appStoreUrl, playStoreUrl, proxiedLaunchAt, proxiedUrl } from "../../playwright.config.ts";
import { uniqueEmail } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { waitForMail } from "./support/mail.ts";

/*
 * The landing page (docs/product.md#landing, ADR 036): its sections, the countdown on both sides of
 * the launch, the app-store badges when configured, and the early-access form with its confirmation
 * mail and the unsubscribe link that mail carries; with JavaScript and without.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

test("a guest reads what the product is for, its roles and plans; no countdown after the launch", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Your team's photos and documents, all in one place",
  );
  const useCases = page.getByRole("region", { name: "Made for every team that takes pictures" });
  for (const name of [
    "Construction",
    "Company events",
    "Family",
    "Friends",
    "Real estate",
    "Sports",
  ]) {
    await expect(useCases.getByRole("heading", { name })).toBeVisible();
  }
  const roles = page.getByRole("region", { name: "A role for everyone" });
  for (const role of ["Owner", "Administrator", "Contributor", "Contributor + Viewer", "Viewer"]) {
    await expect(roles.getByText(role, { exact: true })).toBeVisible();
  }
  const plans = page.getByRole("region", { name: "Plans" });
  await expect(plans.locator(".plan-card")).toHaveCount(4);
  await expect(plans.getByRole("heading", { name: "Pioneer" })).toHaveCount(0);
  await expect(plans.getByRole("link", { name: "Sign up to start" }).first()).toBeVisible();
  await expect(plans.getByText("Price on request")).toBeVisible();
  await expect(page.getByRole("region", { name: "Credits and contact" })).toBeVisible();
  // The default launch (LAUNCH_AT_MS, docs/product.md#limits) has passed: no countdown. No store
  // links are set here: no badges.
  await expect(page.getByTestId("countdown")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download on the App Store" })).toHaveCount(0);
  // Launched: sign-ups, no early-access requests.
  await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute(
    "href",
    "/auth/signup",
  );
  await expect(page.getByRole("link", { name: "Request early access" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Request early access" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

const SHOT_ALT =
  "Raccolta showing a team's collection, “Open day, September”: a grid of photos, each with its name and date, on a computer and on a phone.";

for (const colorScheme of ["light", "dark"] as const) {
  test(`the product's picture in the ${colorScheme} theme: its size set, under 60 KB, the other theme's not loaded`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme, javaScriptEnabled: js() });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".webp")) loaded.push(new URL(response.url()).pathname);
    });
    await page.goto("/");
    const shot = page.getByRole("img", { name: SHOT_ALT });
    await expect(shot).toBeVisible();
    await expect(shot).toHaveAttribute("width", "1200");
    await expect(shot).toHaveAttribute("height", "750");
    // The browser chose the picture of the system's theme.
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toContain(`files-${colorScheme}`);
    const src = await shot.evaluate((img: HTMLImageElement) => img.currentSrc);
    // The box is kept before the bytes arrive: width and height give its ratio.
    const box = await shot.boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 100)).toBe(160);
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const response = await fetch(src);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(60 * 1024);
    // The other theme's picture is never fetched.
    expect(loaded).toEqual([new URL(src).pathname]);
    await context.close();
  });
}

test("the product's picture follows the theme the visitor chooses", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  if (js()) await hydrated(page);
  const shot = page.getByRole("img", { name: SHOT_ALT });
  await expect
    .poll(() => shot.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain("files-light");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect
    .poll(() => shot.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain("files-dark");
  await expect(shot).toHaveAttribute("width", "1200");
});

test("before the launch the countdown shows the time left, and the app badges their stores", async ({
  page,
}) => {
  await page.goto(`${proxiedUrl}/`);
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toContainText("Launching in");
  // 40 days ahead when the suite started: 39 or 40 days, whatever the hour.
  await expect(countdown).toContainText(/(39|40) days/);
  await expect(page.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
    "href",
    appStoreUrl,
  );
  await expect(page.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
    "href",
    playStoreUrl,
  );
  // This server sells no plans: the landing page shows none.
  await expect(page.getByRole("region", { name: "Plans" })).toHaveCount(0);
});

test("the countdown ticks each second and is gone at zero", async ({ page }) => {
  test.skip(!js(), "without JavaScript the page shows the time left when it was made");
  const launch = Date.parse(proxiedLaunchAt);
  await page.clock.install({ time: launch - 60_000 });
  await page.goto(`${proxiedUrl}/`);
  await hydrated(page);
  // Time stops five seconds before the launch, and moves only when the test says.
  await page.clock.pauseAt(launch - 5_000);
  const countdown = page.getByTestId("countdown");
  await page.clock.runFor(1_000);
  await expect(countdown).toContainText(/0 days.*0 hours.*0 minutes.*4 seconds/);
  await page.clock.runFor(2_000);
  await expect(countdown).toContainText(/2 seconds/);
  await page.clock.runFor(2_000);
  await expect(countdown).toHaveCount(0);
});

/** A link of a mail from the proxied host, on that host: its PUBLIC_URL is not set. */
function onProxied(link: string) {
  const url = new URL(link);
  return `${proxiedUrl}${url.pathname}${url.search}`;
}

async function requestEarlyAccess(page: Page, email: string) {
  const form = page.getByRole("region", { name: "Request early access" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/I accept the Terms/).check();
  await form.getByRole("button", { name: "Request early access" }).click();
  return form;
}

test("early access: refused until complete, then the message takes the form's place; the mail's link unsubscribes", async ({
  page,
}) => {
  // Before the launch: the hero's button leads to the form; no sign-up is offered.
  await page.goto(`${proxiedUrl}/`);
  if (js()) await hydrated(page);
  await expect(page.getByRole("link", { name: "Request early access" })).toHaveAttribute(
    "href",
    "#request-early-access",
  );
  await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveCount(0);
  const form = page.getByRole("region", { name: "Request early access" });
  await form.getByRole("button", { name: "Request early access" }).click();
  await expect(form.getByText("Enter your email address.")).toBeVisible();
  await expect(form.getByText("You must accept the Terms and the Privacy Policy.")).toBeVisible();

  const email = uniqueEmail("early");
  await requestEarlyAccess(page, email);
  await expect(form.getByRole("status")).toHaveText(
    "Thank you! You are on the list: we sent a confirmation to your inbox.",
  );
  await expect(form.getByLabel("Email")).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe("#request-early-access");

  // An address on the list is answered as a new one (the form tells no one who is subscribed):
  // it is mailed the confirmation again (ADR 084).
  await page.goto(`${proxiedUrl}/`);
  const again = await requestEarlyAccess(page, email);
  await expect(again.getByRole("status")).toHaveText(
    "Thank you! You are on the list: we sent a confirmation to your inbox.",
  );

  // The confirmation carries the unsubscribe link; it asks before it acts.
  const mail = await waitForMail(email, /early-access list/);
  const link = mail.links.find((href) => href.includes("/unsubscribe?")) as string;
  expect(new URL(link).pathname).toBe("/unsubscribe");
  await page.goto(onProxied(link));
  await expect(page.getByText(`Stop receiving early-access mail at ${email}?`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Done: ${email} gets no more early-access mail`,
  );

  // Off the list, the address may ask again.
  await page.goto(`${proxiedUrl}/`);
  await requestEarlyAccess(page, email);
  await expect(page.getByRole("status")).toContainText("Thank you!");
});

test("an unsubscribe link that is incomplete or not ours says so", async ({ page }) => {
  await page.goto("/unsubscribe?email=ada%40example.com");
  await expect(page.getByRole("alert")).toHaveText(
    "This unsubscribe link is incomplete or not valid.",
  );
  await page.goto("/unsubscribe?email=ada%40example.com&token=forged");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This unsubscribe link is incomplete or not valid.",
  );
});

test("a mail client's one-click unsubscribe (RFC 8058) works without a page or an Origin", async ({
  page,
}) => {
  test.skip(js(), "an HTTP exchange with no browser: once is enough");
  const email = uniqueEmail("one-click");
  await page.goto(`${proxiedUrl}/`);
  await requestEarlyAccess(page, email);
  const mail = await waitForMail(email, /early-access list/);
  const link = onProxied(mail.links.find((href) => href.includes("/unsubscribe?")) as string);
  const answer = await fetch(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(answer.status).toBe(200);
  // Off the list: the address may subscribe again.
  await page.goto(`${proxiedUrl}/`);
  await requestEarlyAccess(page, email);
  await expect(page.getByRole("status")).toContainText("Thank you!");
});

test("Italian: the landing page and the countdown", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "it-IT",
    javaScriptEnabled: js(),
  });
  const page = await context.newPage();
  await page.goto(`${proxiedUrl}/`);
  await expect(
    page.getByRole("heading", { name: "Per ogni squadra che scatta foto" }),
  ).toBeVisible();
  await expect(page.getByTestId("countdown")).toContainText(/Il lancio tra.*(39|40) giorni/);
  await expect(page.getByRole("link", { name: "Scarica su App Store" })).toBeVisible();
  await context.close();
});
