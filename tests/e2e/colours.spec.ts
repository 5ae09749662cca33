import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { preferColorScheme } from "./support/color-scheme.ts";

/*
 * Every Radix colour the app asks for renders as that colour, in each theme. The app's Badge,
 * Callout, Text and the rest write Radix's `data-accent-color` (ADRs 054, 057), and Radix's
 * stylesheet maps it to a colour scale; but the stylesheet is cut to the scales app/styles/radix.css
 * imports (ADR 031), and a scale left out gives no colour at all: the element falls back to the
 * text around it, with no background. So for each colour named in app/ (a Radix colour's name as
 * a string, anywhere but the AccentColor type that lists what components accept, or a scale's
 * variable such as `var(--red-9)` in a stylesheet or a style), on the served
 * page with the served stylesheet: its scale's variables are there, and a soft badge and a text
 * in that colour take that scale's values, not the theme's indigo.
 */

/** Radix Themes 3's accent colours (`accentColors` of its theme props), and its grays. */
const ACCENTS =
  "tomato red ruby crimson pink plum purple violet iris indigo blue cyan teal jade green grass brown orange sky mint lime yellow amber gold bronze gray".split(
    " ",
  );
const GRAYS = "mauve slate sage olive sand".split(" ");

function coloursAskedFor() {
  const app = path.resolve(import.meta.dirname, "../../app");
  const accents = new Set<string>();
  const grays = new Set<string>();
  for (const entry of fs.readdirSync(app, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(tsx?|css)$/.test(entry.name)) continue;
    const text = fs
      .readFileSync(path.join(entry.parentPath, entry.name), "utf8")
      // The colours a component accepts are not colours asked for.
      .replace(/\btype AccentColor\s*=[^;]*;/, "");
    // A name as a string (`color="blue"`, `{ success: "grass" }`), or a scale's variable.
    for (const [, literal, variable] of text.matchAll(/["'`](\w+)["'`]|var\(--([a-z]+)-/g)) {
      const name = literal ?? variable ?? "";
      if (ACCENTS.includes(name)) accents.add(name);
      if (GRAYS.includes(name)) grays.add(name);
    }
  }
  return { accents: [...accents].sort(), grays: [...grays].sort() };
}

const themes = [
  { name: "light", scheme: "light", htmlClass: "" },
  { name: "dark, chosen", scheme: "light", htmlClass: "dark" },
  { name: "dark, the system's", scheme: "dark", htmlClass: "" },
] as const;

test.describe("Radix colours", () => {
  test.skip(
    () => test.info().project.use.javaScriptEnabled === false,
    "the stylesheet is the same without JavaScript; this test reads it with a script",
  );

  for (const theme of themes) {
    test(`every colour the app asks for renders as asked (${theme.name})`, async ({ page }) => {
      const { accents, grays } = coloursAskedFor();
      expect(accents).toContain("indigo");
      expect(accents.length).toBeGreaterThan(3);
      await preferColorScheme(page, theme.scheme);
      await page.goto("/auth/signin");
      const found = await page.evaluate(
        ({ accents, grays, htmlClass }) => {
          document.documentElement.className = htmlClass;
          const root = document.querySelector<HTMLElement>(".radix-themes");
          if (!root) throw new Error("no .radix-themes on the page");
          const make = (html: string) => {
            const holder = document.createElement("div");
            holder.innerHTML = html;
            const element = holder.firstElementChild as HTMLElement;
            root.append(element);
            return element;
          };
          const rootStyle = getComputedStyle(root);
          // What a colour is, as the browser computes it.
          const resolve = (value: string) => {
            const probe = make(`<span style="color: ${value}"></span>`);
            const colour = getComputedStyle(probe).color;
            probe.remove();
            return colour;
          };
          const indigoText = resolve("var(--indigo-a11)");
          const accentResults = accents.map((name) => {
            // Our Badge's and Text's markup (tests/unit/layout.test.ts holds it to Radix's).
            const badge = make(
              `<span data-accent-color="${name}" class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">x</span>`,
            );
            const text = make(`<span data-accent-color="${name}" class="rt-Text">x</span>`);
            const result = {
              name,
              scale: ["1", "9", "a3", "a11"].map((step) =>
                rootStyle.getPropertyValue(`--${name}-${step}`).trim(),
              ),
              badge: getComputedStyle(badge).color,
              badgeBackground: getComputedStyle(badge).backgroundColor,
              text: getComputedStyle(text).color,
              expected: resolve(`var(--${name}-a11)`),
              expectedBackground: (() => {
                const probe = make(`<span style="background-color: var(--${name}-a3)"></span>`);
                const colour = getComputedStyle(probe).backgroundColor;
                probe.remove();
                return colour;
              })(),
            };
            badge.remove();
            text.remove();
            return result;
          });
          const grayResults = grays.map((name) => ({
            name,
            scale: rootStyle.getPropertyValue(`--${name}-9`).trim(),
            gray: resolve("var(--gray-9)"),
            expected: resolve(`var(--${name}-9)`),
            picked: root.dataset.grayColor,
          }));
          return { indigoText, accentResults, grayResults };
        },
        { accents, grays, htmlClass: theme.htmlClass },
      );
      for (const each of found.accentResults) {
        const { name } = each;
        expect(
          each.scale.filter((value) => value === ""),
          `--${name}-* in the stylesheet`,
        ).toEqual([]);
        expect(each.badge, `a ${name} badge's text`).toBe(each.expected);
        expect(each.badgeBackground, `a ${name} badge's background`).toBe(each.expectedBackground);
        expect(each.text, `a ${name} text`).toBe(each.expected);
        if (name !== "indigo") expect(each.badge, `a ${name} badge`).not.toBe(found.indigoText);
      }
      for (const each of found.grayResults) {
        expect(each.scale, `--${each.name}-9 in the stylesheet`).not.toBe("");
        expect(each.picked).toBe(each.name);
        expect(each.gray, `the grays are ${each.name}`).toBe(each.expected);
      }
    });
  }
});
