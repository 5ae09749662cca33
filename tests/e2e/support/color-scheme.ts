import type { Page } from "@playwright/test";

/**
 * Makes the page look like a browser on a system set to `scheme`: Playwright's emulation of
 * `prefers-color-scheme`, which is all the page follows (ADR 026). No client hint is sent:
 * Firefox and Safari send none, and the server no longer asks for it.
 */
export async function preferColorScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
}
