import { request as httpRequest } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../playwright.config.ts";
import { createVerifiedUser } from "./support/accounts.ts";

/*
 * Sign-in's budget per account (ADR 081), in both projects: once an account's failed attempts
 * from every address are spent, a browser that never signed in to it is told so and for how
 * long, while a browser that did still signs in. The attacker speaks to the API directly, from
 * loopback addresses of its own, as a botnet would from many.
 */

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto("/auth/signin");
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** One wrong password for `email`, sent to the API from `localAddress`. */
function guessFrom(localAddress: string, email: string) {
  const body = JSON.stringify({ email, password: "Wrong-Password-1" });
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${appUrl}/api/auth/signin`,
      {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("an account under attack: a new browser is told for how long, a known one still signs in", async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser("attacked", "Grace Hopper");
  // This browser signs in once, so it is a known device from then on; then its session ends.
  await signIn(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/auth\/signin/);
  await page.context().clearCookies({ name: "session" });

  // The attack: 20 wrong passwords, each from an address of its own.
  const block = test.info().project.name === "nojs" ? 71 : 70;
  for (let i = 1; i <= 20; i++) {
    expect(await guessFrom(`127.0.${block}.${i}`, user.email)).toBe(401);
  }

  // A browser that never signed in to the account, with the right password.
  const stranger = await browser.newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
  });
  try {
    const other = await stranger.newPage();
    await signIn(other, user.email, user.password);
    await expect(other.getByRole("alert")).toHaveText(
      "Too many failed sign-in attempts on this account. Try again in 15 minutes, or sign in from a browser you have used before.",
    );
    await expect(other).toHaveURL(/\/auth\/signin/);
  } finally {
    await stranger.close();
  }

  // The owner's browser gets in.
  await signIn(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/auth\/signin/);
  await expect(page.getByLabel("Account menu")).toBeVisible();
});
