import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The web tier's layers (ADR 059), checked on every import line of app/**\/*.ts(x): each part of
 * app/ may import itself and the parts its row names, nothing else. A route module or route
 * folder imports only itself and the parts below it, never another route's folder; components
 * and services never import each other's way up; a new top-level folder needs a row.
 */

const BELOW_FEATURES = ["components", "i18n", "services", "load-context.ts"];
/** Feature homes: shared screen logic of one feature. `filters` serves two of them. */
const FEATURES = [
  "collections",
  "files",
  "images",
  "members",
  "teams",
  "plans",
  "legal",
  "rename",
  "drop-links",
];

const MAY_IMPORT: Record<string, readonly string[]> = {
  "load-context.ts": [],
  // The web tier's plumbing: the API client, session, cookies, streaming, request bodies.
  services: ["load-context.ts"],
  i18n: ["services", "load-context.ts", "locales"],
  // Generic widgets only.
  components: ["i18n", "assets"],
  filters: ["components", "i18n"],
  ...Object.fromEntries(FEATURES.map((feature) => [feature, [...BELOW_FEATURES]])),
  collections: [...BELOW_FEATURES, "filters"],
  files: [...BELOW_FEATURES, "filters"],
  // Root-only chrome, and what only the entries use.
  shell: [...BELOW_FEATURES, "filters", ...FEATURES],
  routes: [...BELOW_FEATURES, "filters", ...FEATURES],
  "root.tsx": [...BELOW_FEATURES, "filters", ...FEATURES, "shell", "styles"],
  "entry.client.tsx": [...BELOW_FEATURES, "shell", "locales"],
  "entry.server.tsx": [...BELOW_FEATURES, "shell"],
  "routes.ts": [],
};

/** The part of app/ a file belongs to: its top folder, or the file itself at the top. */
function partOf(file: string) {
  const [top = file] = file.split("/");
  return file.includes("/") ? top : file;
}

/** A route's unit: its route folder, or its flat route module (`routes/x.tsx` is `routes/x`). */
function routeOf(file: string) {
  const [, name = ""] = file.split("/");
  return `routes/${file.split("/").length > 2 ? name : name.replace(/\.tsx?$/, "")}`;
}

/** Specifiers of the import and export lines of a module, and of its `import()` calls. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const line of source.split("\n")) {
    const code = line.trim();
    if (code.startsWith("*") || code.startsWith("//") || code.startsWith("/*")) continue;
    for (const match of code.matchAll(/(?:^import|^export|\bfrom|\bimport\s*\()\s*"([^"]+)"/g)) {
      if (match[1]) specifiers.push(match[1]);
    }
  }
  return specifiers;
}

/** The imports of `modules` (path under app/ to source) that break the table. */
function violations(modules: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(modules)) {
    const from = partOf(file);
    const allowed = MAY_IMPORT[from];
    if (!allowed) {
      found.push(`${file}: app/${from} has no row in MAY_IMPORT`);
      continue;
    }
    for (const specifier of importsOf(source)) {
      let target: string;
      if (specifier.startsWith("#app/")) target = specifier.slice("#app/".length);
      else if (specifier.startsWith("."))
        target = path.posix.join(path.posix.dirname(file), specifier);
      else continue;
      const to = partOf(target);
      if (from === "routes" && to === "routes") {
        if (routeOf(file) !== routeOf(target)) found.push(`${file} -> ${target}: another route's`);
      } else if (to !== from && !allowed.includes(to)) {
        found.push(`${file} -> ${target}: app/${from} may not import app/${to}`);
      }
    }
  }
  return found;
}

const appDirectory = path.resolve(import.meta.dirname, "../../app");

function appModules(): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const name of fs.readdirSync(appDirectory, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(name) || name.endsWith(".d.ts")) continue;
    const file = name.split(path.sep).join("/");
    modules[file] = fs.readFileSync(path.join(appDirectory, name), "utf8");
  }
  return modules;
}

describe("the web tier's layers (ADR 059)", () => {
  it("every import in app/ follows the table", () => {
    const modules = appModules();
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(violations(modules)).toEqual([]);
  });

  it("reads static, re-exporting and dynamic imports, not comments", () => {
    const source = [
      'import type { A } from "#app/services/a.ts";',
      'import "./side-effect.ts";',
      "import {",
      "  b,",
      '} from "./b.ts";',
      'export { c } from "#app/i18n/c.ts";',
      'const load = () => import("./schemas.ts").then((module) => module.Schema);',
      ' * `() => import("./not-an-import.ts")`, in a comment',
    ].join("\n");
    expect(importsOf(source)).toEqual([
      "#app/services/a.ts",
      "./side-effect.ts",
      "./b.ts",
      "#app/i18n/c.ts",
      "./schemas.ts",
    ]);
  });

  it("fails an import up a layer, into another route's folder, or from an unknown folder", () => {
    expect(
      violations({
        "components/button.tsx": 'import { getSession } from "#app/services/session.server.ts";',
        "services/toast.server.ts": 'import { Callout } from "#app/components/callout.tsx";',
        "routes/teams.$teamId._home.rename.tsx":
          'import { x } from "#app/routes/teams.$teamId._home/collections-list.tsx";',
        "routes/plans/route.tsx": 'import { PlanCard } from "./plan-card.tsx";',
        "routes/profile.avatar.tsx": 'import { SiteHeader } from "#app/shell/site-header.tsx";',
        "teams/team-list.tsx": 'import { x } from "#app/collections/collections-filters.ts";',
        "widgets/thing.tsx": 'import { Button } from "#app/components/button.tsx";',
      }),
    ).toEqual([
      "components/button.tsx -> services/session.server.ts: app/components may not import app/services",
      "services/toast.server.ts -> components/callout.tsx: app/services may not import app/components",
      "routes/teams.$teamId._home.rename.tsx -> routes/teams.$teamId._home/collections-list.tsx: another route's",
      "routes/profile.avatar.tsx -> shell/site-header.tsx: app/routes may not import app/shell",
      "teams/team-list.tsx -> collections/collections-filters.ts: app/teams may not import app/collections",
      "widgets/thing.tsx: app/widgets has no row in MAY_IMPORT",
    ]);
  });
});
