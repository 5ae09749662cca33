import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/*
 * The docs are where code comments point (docs/product.md#roles, ADR 058), so a link that lands
 * nowhere is a broken comment. Checked here: every `docs/….md#anchor` named in the code or the
 * docs, every relative link between the docs, and that each ADR has its Date and Status and a row
 * in the index (docs/decisions/README.md).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CODE_FOLDERS = ["api", "app", "domain", "server", "tests", "scripts", "bench", "lint"];
const CODE_FILES = ["server.ts", "backup.ts", "vite.config.ts"];
const CODE_EXTENSIONS = /\.(?:ts|tsx|mts|mjs|js|grit)$/;
const DECISIONS = "docs/decisions";

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  const absolute = path.join(ROOT, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(folder, file))
    .filter((file) => !file.includes("node_modules") && keep(file));
}

const markdownFiles = ["README.md", ...filesUnder("docs", (file) => file.endsWith(".md"))];
const codeFiles = [
  ...CODE_FOLDERS.flatMap((folder) => filesUnder(folder, (file) => CODE_EXTENSIONS.test(file))),
  ...CODE_FILES.filter((file) => fs.existsSync(path.join(ROOT, file))),
];

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

/** GitHub's slug of a heading: lowercase, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors a markdown file offers: explicit ids, and its headings' slugs (numbered as GitHub does). */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const text = read(file).replace(/^```[\s\S]*?^```/gm, "");
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id as string);
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(heading as string);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  from: string;
  target: string;
  anchor: string | undefined;
}

/** `docs/….md#anchor` as code comments (and prose) write it, relative to the repository. */
function namedDocLinks(file: string): Link[] {
  return [...read(file).matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)]
    .map(([match]) => match)
    .filter((match) => !match.includes("NNN")) // the template's placeholder for a new ADR
    .map((match) => {
      const [target, anchor] = match.split("#");
      return { from: file, target: target as string, anchor };
    });
}

/** Markdown links between the docs: `[text](relative.md#anchor)`, `[text](#anchor)`. */
function markdownLinks(file: string): Link[] {
  const text = read(file).replace(/^```[\s\S]*?^```/gm, "");
  const links: Link[] = [];
  for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!href || /^[a-z][a-z+.-]*:/i.test(href)) continue;
    const [pathPart, anchor] = href.split("#");
    const target = pathPart ? path.normalize(path.join(path.dirname(file), pathPart)) : file;
    links.push({ from: file, target, anchor });
  }
  return links;
}

function problems(links: Link[]): string[] {
  const found: string[] = [];
  for (const { from, target, anchor } of links) {
    const absolute = path.join(ROOT, target);
    if (!fs.existsSync(absolute)) {
      found.push(`${from}: ${target} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!target.endsWith(".md")) {
      found.push(`${from}: ${target}#${anchor} is an anchor in a file that is not markdown`);
    } else if (!anchorsOf(target).has(anchor)) {
      found.push(`${from}: ${target} has no anchor #${anchor}`);
    }
  }
  return found;
}

test("the heading slug is GitHub's", () => {
  expect(headingSlug("Roles and the permission matrix")).toBe("roles-and-the-permission-matrix");
  expect(headingSlug("refDate: the date lists sort by")).toBe("refdate-the-date-lists-sort-by");
  expect(headingSlug("What `ROLE=web` does, and why")).toBe("what-roleweb-does-and-why");
});

test("every docs/….md#anchor named in the code or the docs exists", () => {
  const links = [...codeFiles, ...markdownFiles].flatMap(namedDocLinks);
  expect(links.length).toBeGreaterThan(0);
  expect(problems(links)).toEqual([]);
});

test("every relative link between the docs lands on a file and an anchor that exist", () => {
  const links = markdownFiles.flatMap(markdownLinks);
  expect(links.length).toBeGreaterThan(0);
  expect(problems(links)).toEqual([]);
});

const adrs = fs
  .readdirSync(path.join(ROOT, DECISIONS))
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();

test("every ADR has a title, a Date and a Status under it", () => {
  expect(adrs.length).toBeGreaterThanOrEqual(57);
  const wrong: string[] = [];
  for (const file of adrs) {
    const [title, , date, , status] = read(`${DECISIONS}/${file}`).split("\n");
    if (!title?.startsWith(`# ${file.slice(0, 3)}: `)) wrong.push(`${file}: title "${title}"`);
    if (!/^Date: \d{4}-\d{2}-\d{2}$/.test(date ?? "")) wrong.push(`${file}: "${date}"`);
    if (!/^Status: (?:proposed|accepted|(?:partly )?superseded by .*\d{3}.*)$/.test(status ?? "")) {
      wrong.push(`${file}: "${status}"`);
    }
  }
  expect(wrong).toEqual([]);
});

test("every ADR has a row in the index, with its date and status", () => {
  const index = read(`${DECISIONS}/README.md`);
  const missing: string[] = [];
  for (const file of adrs) {
    const text = read(`${DECISIONS}/${file}`);
    const date = text.match(/^Date: (.+)$/m)?.[1];
    const status = text.match(/^Status: (.+)$/m)?.[1]?.replace(/\[ADR (\d{3})\]\([^)]*\)/g, "$1");
    const row = index
      .split("\n")
      .find((line) => line.startsWith(`| [${file.slice(0, 3)}](${file})`));
    if (!row) missing.push(`${file}: no row`);
    else if (!row.includes(`| ${date}`)) missing.push(`${file}: the row's date is not ${date}`);
    else if (status && !row.replace(/ADR /g, "").includes(status.replace(/ADR /g, ""))) {
      missing.push(`${file}: the row's status is not "${status}"`);
    }
  }
  expect(missing).toEqual([]);
});
