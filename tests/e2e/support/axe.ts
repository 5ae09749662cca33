import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * The axe-core the audit runs: our own pinned one (package.json), not the one @axe-core/playwright
 * brings. That package's releases after 4.13 ask for Node 22, while axe-core itself runs in the
 * page and asks for nothing; 4.14 is the first to run REQUIRED_RULES' label-in-name check.
 */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Rules the audit must run, whatever the tags select: WCAG 2.5.3's label in name (a control's
 * name contains its visible text; axe ran it only from 4.14, under wcag21a) and text contrast,
 * which the two themes differ in.
 */
const REQUIRED_RULES = ["label-content-name-mismatch", "color-contrast"];

/**
 * Fails with the rule ids and the offending nodes when axe finds a serious or critical issue.
 *
 * axe runs as a script in the page, which a page with JavaScript disabled cannot do. In the nojs
 * project the same URL is therefore opened again in a page that runs scripts but has every script
 * request refused: the app never hydrates, so axe sees what a visitor without JavaScript sees.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
  const audited = javaScriptEnabled ? page : await serverRenderedCopy(page);
  try {
    const { violations, passes, incomplete, inapplicable } = await new AxeBuilder({
      page: audited,
      axeSource,
    })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    const ran = new Set(
      [...violations, ...passes, ...incomplete, ...inapplicable].map((rule) => rule.id),
    );
    expect(
      REQUIRED_RULES.filter((rule) => !ran.has(rule)),
      "axe rules that did not run",
    ).toEqual([]);
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(" ")),
      }));
    expect(serious, `axe on ${page.url()}`).toEqual([]);
  } finally {
    if (audited !== page) await audited.context().close();
  }
}

/** The page's URL again, with its cookies and language, where scripts may run but none loads. */
async function serverRenderedCopy(page: Page) {
  const browser = page.context().browser();
  if (!browser) throw new Error("axe: the page has no browser");
  const context = await browser.newContext({
    javaScriptEnabled: true,
    locale: test.info().project.use.locale,
    storageState: await page.context().storageState(),
  });
  // Only script files are refused (every other request goes straight through, unrouted): the
  // inline bootstrap then finds no module to import, and the page never hydrates.
  await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  const copy = await context.newPage();
  await copy.goto(page.url());
  return copy;
}
