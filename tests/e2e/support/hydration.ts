import { type Page, test } from "@playwright/test";

/**
 * Waits until React has hydrated the page, in the project that runs JavaScript. Before then a
 * link is a plain link: a click loads a whole new document instead of navigating in place, so
 * what a test expects of the enhanced page (a loading banner, a dialog) never shows.
 */
export async function hydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction(
    () =>
      "__remixRouter" in window &&
      Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}
