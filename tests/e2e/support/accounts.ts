import { expect, type Page, test } from "@playwright/test";
import { appUrl } from "../../../playwright.config.ts";
import { waitForMail } from "./mail.ts";

export const PASSWORD = "Correct-Horse-9";

/** An address no other test (or project) uses. */
export function uniqueEmail(prefix: string) {
  const project = test.info().project.name;
  return `${prefix}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function api(path: string, body: unknown) {
  const response = await fetch(`${appUrl}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * A confirmed account made through the real API and the real mailbox, for tests whose subject
 * is not sign-up itself.
 */
export async function createVerifiedUser(prefix: string, nickname = "Ada Lovelace") {
  const email = uniqueEmail(prefix);
  const created = await api("/auth/signup", { email, password: PASSWORD, nickname, locale: "en" });
  const mail = await waitForMail(email, /verif/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.text}`);
  await api("/auth/verify-email", { code, email, username: created.username });
  return { email, password: PASSWORD, nickname };
}

/** Signs in through the sign-in page and waits for the teams page. */
export async function signInAs(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/signin");
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/teams$/);
}
