import { expect, type Page, test } from "@playwright/test";
import { proxiedUrl, stripe } from "../../playwright.config.ts";
import { createVerifiedUser, signIn } from "./support/accounts.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { hydrated } from "./support/hydration.ts";
import { openMenu } from "./support/menus.ts";

/*
 * Plans (docs/product.md#plans, ADR 035): the cards, the reader's plan and usage rings, and buying
 * a plan through Stripe's checkout and managing it in Stripe's portal, both played by the suite's
 * stand-in (tests/support/stripe-standin.ts), which sends the app the signed webhooks Stripe would.
 * The same journey with JavaScript and without: every action is a form that posts and redirects.
 */

const card = (page: Page, name: string) =>
  page.locator(".plan-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a guest sees every plan, what can be bought, and is invited to sign up", async ({ page }) => {
  await page.goto("/plans");
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
  await expect(page.locator(".plan-card")).toHaveCount(5);
  const team = card(page, "Team");
  await expect(team.getByText("Most popular")).toBeVisible();
  await expect(team.getByText("€9 per month")).toBeVisible();
  await expect(team.getByText("200 GB of storage")).toBeVisible();
  await expect(team.getByText("3 aliases per team")).toBeVisible();
  await expect(team.getByText("Internal contributors with a team code")).toBeVisible();
  await expect(team.getByRole("link", { name: "Sign up to start" })).toHaveAttribute(
    "href",
    "/auth/signup",
  );
  await expect(card(page, "Pro").getByText("€99 per year")).toBeVisible();
  await expect(card(page, "Pioneer").getByText("Retired")).toBeVisible();
  await expect(card(page, "Pioneer").getByText("No longer offered")).toBeVisible();
  await expect(card(page, "Custom").getByText("Not available yet")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your usage" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a member buys a plan through Stripe's checkout, then cancels it in the billing portal", async ({
  page,
}) => {
  test.slow();
  const user = await createVerifiedUser("plans");
  await signIn(page, user.email);
  await page.goto("/teams");
  await hydrated(page);
  // The user menu's Plans item leads here, to a page of the same name.
  await openMenu(page.getByLabel(/account menu/), page.getByRole("link", { name: "Plans" }));
  await page.getByRole("link", { name: "Plans" }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();

  const starter = card(page, "Starter");
  await expect(starter.getByText("Your plan")).toBeVisible();
  // The rings, drawn on the server, say in words what they show.
  await expect(page.getByRole("heading", { name: "Your usage" })).toBeVisible();
  const storage = page.locator("figure.usage-ring").first();
  await expect(storage).toHaveAttribute("data-level", "success");
  await expect(storage.locator("figcaption")).toContainText("Storage: 0 B of 5 GB used, 0%");
  await expect(page.locator("figure.usage-ring").nth(1).locator("figcaption")).toContainText(
    "Downloads: 0 B of 20 GB used, 0%",
  );
  await expectNoSeriousA11yViolations(page);

  // Choosing Team goes to Stripe's checkout, and paying there comes back with the plan changed.
  await card(page, "Team").getByRole("button", { name: "Choose Team" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await expect(page.getByText("price_team_monthly")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/plans\?checkout=done$/);
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  await expect(card(page, "Team").getByText("Your plan")).toBeVisible();
  await expect(starter.getByText("Your plan")).toHaveCount(0);
  await expect(page.locator("figure.usage-ring").first()).toContainText("0 B of 200 GB");
  // Paying already: other plans change in the portal.
  await expect(
    card(page, "Pro").getByRole("button", { name: "Change in the billing portal" }),
  ).toBeVisible();

  await card(page, "Team").getByRole("button", { name: "Manage your subscription" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(starter.getByText("Your plan")).toBeVisible();
  await expect(card(page, "Team").getByRole("button", { name: "Choose Team" })).toBeVisible();
});

test("a checkout Stripe can't start says so, and the page stays", async ({ page }) => {
  const user = await createVerifiedUser("plans-fail");
  await signIn(page, user.email);
  await page.goto("/plans");
  // Stripe fails (the SDK tries twice).
  await fetch(`${stripe.url}/control/fail?count=2`, { method: "POST" });
  await card(page, "Pro").getByRole("button", { name: "Choose Pro" }).click();
  await expect(page.getByRole("alert")).toHaveText("The checkout could not be started.");
  await expect(page).toHaveURL(/\/plans$/);
  await expect(card(page, "Starter").getByText("Your plan")).toBeVisible();
});

test("on a server that sells no plans, the page shows the limits in force and no buttons", async ({
  page,
}) => {
  await page.goto(`${proxiedUrl}/plans`);
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
  await expect(page.getByText("There is nothing to buy on this server")).toBeVisible();
  await expect(page.locator(".plan-card")).toHaveCount(1);
  await expect(page.getByText("Unlimited storage")).toBeVisible();
  await expect(page.getByText("Unlimited teams")).toBeVisible();
  await expect(page.locator(".plan-card").getByRole("button")).toHaveCount(0);
  await expect(page.locator(".plan-card").getByRole("link")).toHaveCount(0);
});

test("Italian: plans, prices and limits", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "it-IT",
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
  });
  const page = await context.newPage();
  await page.goto("/plans");
  await expect(page.getByRole("heading", { name: "Piani", level: 1 })).toBeVisible();
  const team = card(page, "Team");
  await expect(team.getByText("Il più scelto")).toBeVisible();
  await expect(team.getByText("9 € al mese")).toBeVisible();
  await expect(team.getByText("200 GB di spazio")).toBeVisible();
  await expect(card(page, "Su misura").getByText("Non ancora disponibile")).toBeVisible();
  await context.close();
});
