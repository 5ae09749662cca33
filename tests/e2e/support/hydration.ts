import { type Page, test } from "@playwright/test";

/**
 * Waits until React has hydrated the page, in the project that runs JavaScript. Before then a
 * link is a plain link: a click loads a whole new document instead of navigating in place, so
 * what a test expects of the enhanced page (a loading banner, a dialog) never shows.
 *
 * "Hydrated" means committed, not begun: the router exists and React has tagged the DOM while
 * hydration is still under way, and the router only tells React about a navigation once that
 * commit has subscribed it. A navigation that completes in between would change the URL and leave
 * the old screen, which is what a test that drives the router itself would then see.
 */
export async function hydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction(isHydrated);
}

/**
 * Resolves when the next page to load has hydrated, as that page reports it on the console: for
 * a page the test cannot ask, because its frame is already waiting for another document.
 */
export async function announceHydration(page: Page) {
  const announced = new Promise<void>((resolve) => {
    page.on("console", (message) => {
      if (message.text() === HYDRATED) resolve();
    });
  });
  await page.addInitScript({
    content: `{ const check = ${isHydrated}; const timer = setInterval(() => {
      if (check()) { clearInterval(timer); console.info(${JSON.stringify(HYDRATED)}); }
    }, 10); }`,
  });
  return announced;
}

const HYDRATED = "test: hydrated";

/** Runs in the page: self-contained. */
function isHydrated() {
  if (!("__remixRouter" in window)) return false;
  // React 18 keeps its root on the container (here the document); its current state says
  // whether the server's markup is still waiting to be hydrated.
  const key = Object.keys(document).find((name) => name.startsWith("__reactContainer"));
  const root = key
    ? (document as unknown as Record<string, { stateNode?: RootNode }>)[key]
    : undefined;
  return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
}

interface RootNode {
  current?: { memoizedState?: { isDehydrated?: boolean } };
}
