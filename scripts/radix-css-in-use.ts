import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import type { Container, Plugin as PostcssPlugin } from "postcss";

/** A component's class (`rt-Button`) and a responsive prop's family (`rt-r-size`, `rt-r-gap`). */
const COMPONENT_CLASS = /rt-[A-Z][A-Za-z]*/g;
const PROP_FAMILY = /rt-r-[a-z]+/g;
/** A margin or padding class with its value (`rt-r-mb-2`, `rt-r-mt--1`, `rt-r-ml-auto`). */
const SPACING_CLASS = /\brt-r-[mp][trblxy]?-(?:-?\d+|auto)\b/g;
/** A class for one breakpoint (`.sm\\:rt-r-fd-row`), and a breakpoint in a responsive prop. */
const BREAKPOINT_CLASS = /\.(xs|sm|md|lg|xl)\\:/g;
const BREAKPOINT_KEY = /\b(xs|sm|md|lg|xl):\s*"/g;
/** The app's margin and padding props: `mb="2"`, `p={{ initial: "2", sm: "4" }}`, `mt={x}`. */
const SPACING_PROP = /\b([mp][trblxy]?)=(?:"([^"]*)"|\{([^}]*)\}?\})/g;

export interface RadixClassesInUse {
  components: Set<string>;
  families: Set<string>;
  /** The margin and padding classes the app's props ask for; null: some value is not literal. */
  spacing: Set<string> | null;
  /** The breakpoints of the app's responsive props (`{ initial: "column", sm: "row" }`). */
  breakpoints: Set<string>;
}

/**
 * The Radix Themes classes the app can render (ADR 031): the components it imports from
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
      for (const part of (match[1] ?? "").split(",").map((each) => each.trim())) {
        // A type brings no class: `type ButtonProps` is left out.
        const name = part.split(/\s+as\s+/)[0];
        if (name && !part.startsWith("type ")) imported.add(name);
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
  const own = ownText.join("\n");
  const code = `${bundled.outputFiles[0]?.text ?? ""}\n${own}`;
  return {
    components: new Set(code.match(COMPONENT_CLASS)),
    families: new Set(code.match(PROP_FAMILY)),
    spacing: spacingInUse(own),
    // Radix's components set no responsive value of their own: only the app's props do.
    breakpoints: new Set([...own.matchAll(BREAKPOINT_KEY)].map(([, key]) => key ?? "")),
  };
}

/**
 * Margin and padding classes of the values the app passes, which Radix components never set
 * themselves: `mb="2"` is `rt-r-mb-2` at whatever breakpoint. A value that is not a literal
 * (`mt={gap}`) could be anything: then every one is kept (null).
 */
function spacingInUse(source: string): Set<string> | null {
  const classes = new Set<string>();
  for (const [, prop, literal, expression] of source.matchAll(SPACING_PROP)) {
    const values =
      literal !== undefined
        ? [literal]
        : [...(expression ?? "").matchAll(/:\s*"([^"]*)"/g)].map((match) => match[1] ?? "");
    if (values.length === 0 || (expression && /[^\s\w:",{-]/.test(expression))) return null;
    for (const value of values) classes.add(`rt-r-${prop}-${value}`);
  }
  return classes;
}

/**
 * Cuts the Radix Themes rules of `files` down to the classes in use in `appDir`: a selector
 * naming a component, a responsive prop family, a margin or padding value or a breakpoint the app
 * never renders goes, and a rule with no selector left goes with it. Tokens, variants and the
 * app's own rules stay. What is in use is worked out once, at the first file (once per build, or
 * per dev server).
 */
export function radixInUseOnly(files: string[], appDir: string): PostcssPlugin {
  let inUse: RadixClassesInUse | undefined;
  return {
    postcssPlugin: "radix-in-use-only",
    Once(root) {
      // Vite names the file with its query (`?url`, `?transform-only`).
      if (!files.includes(root.source?.input.file?.split("?")[0] ?? "")) return;
      inUse ??= radixClassesInUse(appDir);
      const { components, families, spacing, breakpoints } = inUse;
      const used = (selector: string) =>
        [...selector.matchAll(COMPONENT_CLASS)].every(([name]) => components.has(name)) &&
        [...selector.matchAll(PROP_FAMILY)].every(([name]) => families.has(name)) &&
        (!spacing || [...selector.matchAll(SPACING_CLASS)].every(([name]) => spacing.has(name))) &&
        [...selector.matchAll(BREAKPOINT_CLASS)].every(([, key]) => breakpoints.has(key ?? ""));
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
