import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

/*
 * The docs are where code comments point (docs/product.md#roles, ADR 058), so a link that lands
 * nowhere is a broken comment. Checked here: every `docs/….md#anchor` named in the code or the
 * docs, every relative link between the docs, that each ADR has its Date and Status and a row in
 * the index (docs/decisions/README.md), and that no comment or test title points outside the
 * repository instead: at a numbered section of the original specification, or at an issue.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CODE_FOLDERS = ["api", "app", "domain", "server", "tests", "scripts", "bench", "lint"];
const CODE_FILES = [
  "server.ts",
  "backup.ts",
  "vite.config.ts",
  "vitest.config.ts",
  "playwright.config.ts",
  "playwright.cluster.config.ts",
];
const CODE_EXTENSIONS = /\.(?:ts|tsx|mts|mjs|js|grit|css)$/;
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

/*
 * Citations a reader cannot follow from the repository. The specification's numbered sections
 * became docs/product.md's anchors, and an issue's decision is in its ADR: a comment names those.
 * Numbered sections of outside standards (an RFC, ZIP's APPNOTE, OpenID Connect) stay: anyone can
 * look them up.
 */
const OUTSIDE_CITATIONS = [
  /\bspec(?:ification)?(?:'s)?\s+sections?\s+\d+/gi,
  /\bsections?\s+\d+/gi,
  /\bissues?\s+#?\d+/gi,
];
/** A file that may cite: its number may be on the next line, after the comment's `*` or `//`. */
const CANDIDATE = /\b(?:sections?|issues?)\s+(?:(?:\*|\/\/)\s*)?#?\d/i;
const STANDARD_BEFORE = /\b(?:RFC\s?\d+|APPNOTE|OpenID Connect)\b/;

/** What `text` cites of the specification's sections or of issues, as written. */
function outsideCitations(text: string): string[] {
  const flat = text.replace(/\n\s*(?:\*(?!\/)|\/\/)/g, " ").replace(/\s+/g, " ");
  const found: string[] = [];
  for (const pattern of OUTSIDE_CITATIONS) {
    for (const match of flat.matchAll(pattern)) {
      const before = flat.slice(Math.max(0, match.index - 50), match.index);
      if (/^sections?/i.test(match[0]) && STANDARD_BEFORE.test(before)) continue;
      if (!found.some((citation) => citation.includes(match[0]))) found.push(match[0]);
    }
  }
  return found;
}

const TEST_CALLS = new Set(["describe", "it", "test"]);

/** The name of a test call (`it`, `describe.skip`, `it.each(rows)`), or undefined for any other. */
function testCallName(call: ts.CallExpression): string | undefined {
  let callee: ts.Expression = call.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) && TEST_CALLS.has(callee.text) ? callee.text : undefined;
}

/**
 * The comments of a source file, and its tests' titles, each with the line it starts on. In
 * TypeScript, strings, templates, regular expressions and JSX text are blanked out first (found by
 * TypeScript's parser), so a `//` or `/*` inside one is not taken for a comment.
 */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((newline) => newline.index + 1)];
  const lineOf = (position: number) => lineStarts.findLastIndex((start) => start <= position) + 1;
  const found: { line: number; text: string }[] = [];
  let code = text;
  if (!/\.(?:css|grit)$/.test(file)) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    const literals: [number, number][] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteralLike(node) ||
        ts.isTemplateLiteralToken(node) ||
        ts.isRegularExpressionLiteral(node) ||
        ts.isJsxText(node)
      ) {
        literals.push([node.getStart(source), node.end]);
      }
      if (ts.isCallExpression(node) && testCallName(node)) {
        const [title] = node.arguments;
        if (title && ts.isStringLiteralLike(title)) {
          found.push({ line: lineOf(title.getStart(source)), text: title.text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const parts: string[] = [];
    let from = 0;
    for (const [start, end] of literals.sort(([a], [b]) => a - b)) {
      if (start < from) continue;
      parts.push(text.slice(from, start), text.slice(start, end).replace(/[^\n]/g, " "));
      from = end;
    }
    code = parts.join("") + text.slice(from);
  }
  // A run of line comments is one comment, so a citation cut by a line break is still whole.
  const comment = file.endsWith(".css")
    ? /\/\*[\s\S]*?\*\//g
    : /\/\/.*(?:\n[ \t]*\/\/.*)*|\/\*[\s\S]*?\*\//g;
  for (const match of code.matchAll(comment)) {
    found.push({ line: lineOf(match.index), text: match[0] });
  }
  return found;
}

test("finds the specification's sections and issues cited, and no standard's section", () => {
  const cited: [string, string[]][] = [
    ["Members of a team (spec sections 3, 4 and 6): the list", ["spec sections 3"]],
    ["The Member of the spec (section 3). Absent values are null.", ["section 3"]],
    [
      "The rename dialog (spec section 2): errors close it (Spec section 8).",
      ["spec section 2", "Spec section 8"],
    ],
    ["the spec's section 4 says so", ["spec's section 4"]],
    ["lists section 8's client messages once each", ["section 8"]],
    ["checking its signature was 3 % of a files page (issue 14).", ["issue 14"]],
    ["more time there than in SQLite (issue 14's\n * profile; ADR 056)", ["issue 14"]],
    ["Issue 12, item 14: a file just uploaded is listed as processing", ["Issue 12"]],
    ["the issues #5 and 10", ["issues #5"]],
    ["their team's logo (spec sections\n * 3, 4 and 7; ADR 008)", ["spec sections 3"]],
    ["made (spec\n  // section 5): sign-up", ["spec section 5"]],
  ];
  for (const [text, citations] of cited) expect(outsideCitations(text)).toEqual(citations);
  for (const text of [
    "Parses an HTTP `Range` header (RFC 9110, section 14).",
    "ZIP64 (APPNOTE 6.3.x, section 4.3.9 and 4.5.3) is used exactly where it is needed",
    "OpenID Connect Discovery 1.0, section 4.3: the document must name the same issuer.",
    "The first 128 bits of the HMAC (RFC 2104 section 5; HMAC-SHA-256-128 of RFC 4868)",
    "A code verifier as RFC 7636 (section 4.1) allows",
    "Members of a team (docs/product.md#entities, docs/product.md#member-actions)",
    "One call for a screen that shows both (ADR 055): a collection",
    "a field that has its own, whose issues come first.",
  ]) {
    expect(outsideCitations(text)).toEqual([]);
  }
});

test("tells comments and test titles from strings, templates, regexes and JSX text", () => {
  const source = [
    'const a = "// issue 1, a string";',
    "const b = /\\/\\/ issue 2/;",
    `const c = \`/* issue 3 */ \${a}\`;`,
    "const d = <p>// issue 4, JSX text</p>;",
    "// issue 5, a comment that goes on (issue",
    "// 9) on the next line",
    "/* issue 6, a comment */ const e = 1; // issue 7, a comment",
    'it.each([1])("issue 8, a test title", () => {});',
  ].join("\n");
  const cited = commentsOf("example.tsx", source)
    .sort((a, b) => a.line - b.line)
    .flatMap(({ line, text }) => outsideCitations(text).map((citation) => `${line}: ${citation}`));
  expect(cited).toEqual(["5: issue 5", "5: issue 9", "7: issue 6", "7: issue 7", "8: issue 8"]);
});

test("no comment or test title cites the specification's sections or an issue", () => {
  // Only a file whose text could cite is parsed: the rest cannot hold a citation anywhere.
  const candidates = codeFiles.filter((file) => CANDIDATE.test(read(file)));
  expect(candidates.length).toBeGreaterThan(0); // the standards' sections, at least
  const cited = candidates.flatMap((file) =>
    commentsOf(file, read(file)).flatMap(({ line, text }) =>
      outsideCitations(text).map((citation) => `${file}:${line}: ${citation}`),
    ),
  );
  expect(cited).toEqual([]);
});
