import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import type { Container, Plugin as PostcssPlugin } from "postcss";

/** A component's class (`rt-Button`) and a responsive prop's family (`rt-r-size`, `rt-r-gap`). */
const COMPONENT_CLASS = /rt-[A-Z][A-Za-z]*/g;
const PROP_FAMILY = /rt-r-[a-z]+/g;

export interface RadixClassesInUse {
  components: Set<string>;
  families: Set<string>;
}

/**
 * The Radix Themes classes the app can render (issue 14, ADR 031): the components it imports from
 * `@radix-ui/themes` are bundled with esbuild, tree-shaken as the app's own build does, and every
 * component class and responsive prop family written in that code is collected, with any the
 * app's own files name. It depends on the app's sources only, so the stylesheet cut down with it
 * is named by Vite from what it holds: a new component changes the file and its hash.
 */
export function radixClassesInUse(appDir: string): RadixClassesInUse {
  const imported = new Set<string>();
  const ownText: string[] = [];
  for (const entry of fs.readdirSync(appDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    ownText.push(text);
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@radix-ui\/themes"/g)) {
      for (const part of (match[1] ?? "").split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name && !part.trim().startsWith("type ")) imported.add(name);
      }
    }
  }
  const bundled = buildSync({
    stdin: {
      contents: `export { ${[...imported].join(", ")} } from "@radix-ui/themes";`,
      resolveDir: appDir,
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    external: ["react", "react-dom"],
    logLevel: "silent",
  });
  const code = [bundled.outputFiles[0]?.text ?? "", ...ownText].join("\n");
  return {
    components: new Set(code.match(COMPONENT_CLASS)),
    families: new Set(code.match(PROP_FAMILY)),
  };
}

/**
 * Cuts the Radix Themes rules of `files` down to the classes in use: a selector naming a
 * component or a responsive prop family the app never renders goes, and a rule with no selector
 * left goes with it. Tokens, variants and the app's own rules stay.
 */
export function radixInUseOnly(files: string[], inUse: () => RadixClassesInUse): PostcssPlugin {
  return {
    postcssPlugin: "radix-in-use-only",
    Once(root) {
      // Vite names the file with its query (`?url`, `?transform-only`).
      if (!files.includes(root.source?.input.file?.split("?")[0] ?? "")) return;
      const { components, families } = inUse();
      const used = (selector: string) =>
        [...selector.matchAll(COMPONENT_CLASS)].every(([name]) => components.has(name)) &&
        [...selector.matchAll(PROP_FAMILY)].every(([name]) => families.has(name));
      root.walkRules((rule) => {
        if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
        const kept = rule.selectors.filter(used);
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      pruneEmptyAtRules(root);
    },
  };
}

/** Removes grouping at-rules (media, supports, layer) left with no rule inside, at any depth. */
function pruneEmptyAtRules(container: Container) {
  container.each((node) => {
    if (node.type !== "atrule" || !node.nodes) return;
    if (!/^(media|supports|layer|container)$/.test(node.name)) return;
    pruneEmptyAtRules(node);
    if (!node.nodes.some((child) => child.type === "rule" || child.type === "atrule")) {
      node.remove();
    }
  });
}
