import type { Page } from "@playwright/test";

/**
 * Makes the page look like a browser on a system set to `scheme`. Playwright's emulation changes
 * `prefers-color-scheme` for CSS and scripts but not the `Sec-CH-Prefers-Color-Scheme` client hint
 * the server renders from, which a real browser sends from the same system setting; so both.
 */
export async function preferColorScheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setExtraHTTPHeaders({ "Sec-CH-Prefers-Color-Scheme": scheme });
}
