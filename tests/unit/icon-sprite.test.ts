import fs from "node:fs";
import { expect, test } from "vitest";
import { iconNames } from "#app/components/icon-names.ts";
import { iconSprite, spritePath } from "../../scripts/icon-sprite.ts";

test("the committed icon sprite is what the script draws from the names the app uses", () => {
  const committed = fs.readFileSync(spritePath, "utf8");
  expect(committed, "run: node --import tsx scripts/icon-sprite.ts").toBe(iconSprite());
  const ids = [...committed.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id);
  expect(ids).toEqual([...iconNames]);
});

test("every symbol of the sprite is drawn somewhere in the app", () => {
  const source = fs
    .readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => fs.readFileSync(`app/${file}`, "utf8"))
    .join("\n");
  for (const name of iconNames) expect(source, `"${name}" is never drawn`).toContain(`"${name}"`);
});
