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
  await page.waitForFunction(() => {
    if (!("__remixRouter" in window)) return false;
    // React 18 keeps its root on the container (here the document); its current state says
    // whether the server's markup is still waiting to be hydrated.
    const key = Object.keys(document).find((name) => name.startsWith("__reactContainer"));
    const root = key
      ? (document as unknown as Record<string, { stateNode?: RootNode }>)[key]
      : undefined;
    return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

interface RootNode {
  current?: { memoizedState?: { isDehydrated?: boolean } };
}
