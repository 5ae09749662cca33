import { vitePlugin as remix } from "@remix-run/dev";
import type { Plugin as PostcssPlugin } from "postcss";
import { defineConfig, type Plugin as VitePlugin } from "vite";
import { radixInUseOnly } from "./scripts/radix-css-in-use.ts";

/**
 * Builds app/styles/system-dark.css (ADR 026): the stylesheet it imports from Radix Themes are cut
 * down to their dark rules, whose selectors (`.dark`, `.dark-theme`, `:is(.dark, .dark-theme)`)
 * become `:root:not(.light, .dark)`, all under `@media (prefers-color-scheme: dark)`. So a page
 * whose visitor has chosen no theme takes the system's dark theme through CSS alone, from Radix's
 * own values. Fails the build when an imported file has no dark rule left to take (Radix changed
 * its selectors).
 */
function systemDarkTokens(file: string): PostcssPlugin {
  const noChoice = ":root:not(.light, .dark)";
  return {
    postcssPlugin: "system-dark-tokens",
    Once(root, { AtRule }) {
      // Vite names the file with its query (`?url`, `?transform-only`).
      if (root.source?.input.file?.split("?")[0] !== file) return;
      const imported = new Set<string>();
      const darkIn = new Set<string>();
      root.walkRules((rule) => {
        const from = rule.source?.input.file ?? "";
        imported.add(from);
        const selectors = rule.selectors
          .map((selector) => selector.replaceAll(":is(.dark, .dark-theme)", noChoice))
          .map((selector) =>
            selector === ".dark" || selector === ".dark-theme" ? noChoice : selector,
          )
          // Kept: the rewritten ones, unless a `.dark` is left (the root theme's class: unused).
          .filter(
            (selector) =>
              selector.includes(noChoice) && !selector.replaceAll(noChoice, "").includes(".dark"),
          );
        if (selectors.length === 0) {
          rule.remove();
        } else {
          rule.selectors = [...new Set(selectors)];
          darkIn.add(from);
        }
      });
      const missing = [...imported].filter((from) => !darkIn.has(from));
      if (missing.length > 0) throw new Error(`system-dark-tokens: no dark rule in ${missing}`);
      // What is left: @font-face and other at-rules with no rule inside, at any depth.
      const prune = (container: typeof root | InstanceType<typeof AtRule>) => {
        container.each((node) => {
          if (node.type !== "atrule") return;
          if (node.nodes) prune(node);
          if (!node.nodes?.some((child) => child.type === "rule" || child.type === "atrule")) {
            node.remove();
          }
        });
      };
      prune(root);
      const media = new AtRule({ name: "media", params: "(prefers-color-scheme: dark)" });
      media.append(root.nodes);
      root.removeAll();
      root.append(media);
    },
  };
}

/**
 * Radix's packages are built with esbuild's `keepNames`: each module defines a `__name` helper and
 * wraps its functions in it (about 600 calls in all) to pin their `.name`, which only a stack
 * trace reads. In the production build the helper passes its function through, so the bundler
 * drops the calls whose result is unused: 1.3 KB gzip less on the largest route's first load
 * (ADR 040). Fails the build if a Radix module defines the helper differently, rather than
 * quietly shipping the names again.
 */
function radixWithoutKeptNames(): VitePlugin {
  const helper =
    'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
  return {
    name: "radix-without-kept-names",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/node_modules/@radix-ui/") || !code.includes("var __name =")) return null;
      if (!code.includes(helper))
        throw new Error(`radix-without-kept-names: a new helper in ${id}`);
      return { code: code.replace(helper, "var __name = (target) => target;"), map: null };
    },
  };
}

const styles = `${import.meta.dirname}/app/styles`;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: `${import.meta.dirname}/app/$1` },
      { find: /^#domain\/(.*)$/, replacement: `${import.meta.dirname}/domain/$1` },
    ],
  },
  build: {
    target: "es2022",
    cssMinify: true,
    // The browser's modules through terser, two passes: 4 KB gzip less on every route's first
    // load than esbuild's minifier, 3.2 of them in React and Remix (ADR 053). The server's
    // bundle stays readable, for its stack traces.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, ecma: 2020, module: true },
    // Shared chunks under 1 KB join a neighbour: the files screen asked for 28 modules, now 20,
    // for the same bytes. Each request costs a slow phone a round trip; a larger floor (3 KB: 17)
    // starts adding bytes to routes that did not need them.
    rollupOptions: { output: { experimentalMinChunkSize: 1000 } },
  },
  css: {
    postcss: {
      plugins: [
        systemDarkTokens(`${styles}/system-dark.css`),
        // Only the Radix Themes rules of the components the app renders (ADR 031).
        radixInUseOnly(
          [`${styles}/app.css`, `${styles}/system-dark.css`],
          `${import.meta.dirname}/app`,
        ),
      ],
    },
  },
  plugins: [
    radixWithoutKeptNames(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off (ADR 032): the whole route manifest, one cached file, rather than a part of it
        // worked out and written into every page (React Router 7's routeDiscovery "initial").
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
  ],
}));
