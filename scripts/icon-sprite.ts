import fs from "node:fs";
import path from "node:path";
import * as radixIcons from "@radix-ui/react-icons";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconNames } from "#app/components/icon-names.ts";

/**
 * Writes `app/assets/icons.svg`: one `<symbol>` per name in `iconNames`, drawn from Radix's icon
 * set (ADR 033). The unit suite checks the file is what this would write.
 *
 *   node --import tsx scripts/icon-sprite.ts
 */
export const spritePath = path.resolve(import.meta.dirname, "../app/assets/icons.svg");

export function iconSprite() {
  const symbols = iconNames.map((name) => {
    const component = `${name.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase())}Icon`;
    const icon = (radixIcons as Record<string, unknown>)[component];
    if (!icon) throw new Error(`No ${component} in @radix-ui/react-icons for "${name}"`);
    const markup = renderToStaticMarkup(createElement(icon as typeof radixIcons.SunIcon));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (!inner) throw new Error(`Unexpected markup for ${component}`);
    return `<symbol id="${name}" viewBox="0 0 15 15" fill="none">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(spritePath, iconSprite());
  console.log(`wrote ${spritePath}`);
}
