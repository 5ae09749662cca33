import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { API_LAYERS } from "#api/layers.ts";

// The API's folders form layers (api/layers.ts, ADR 058): a file imports only from its own
// folder and from lower layers, types included. Each import is read with TypeScript's parser,
// so multi-line, type-only, re-exports and import() are all seen.

/** `http/` for api/http/errors.ts, `app.ts` for api/app.ts. */
function entryOf(file: string) {
  const [, first = "", ...rest] = file.split("/");
  return rest.length ? `${first}/` : first;
}

function layerOf(file: string) {
  const entry = entryOf(file);
  const index = API_LAYERS.findIndex((layer) => layer.folders.includes(entry));
  return index < 0 ? undefined : { index, entry, name: API_LAYERS[index]?.name ?? "" };
}

/** The api/ file an import names (`#api/...` or relative), or null when it names none. */
function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith("#api/")) return `api/${specifier.slice("#api/".length)}`;
  if (specifier.startsWith("#app/")) return specifier;
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(from), specifier);
  return null;
}

/** The imports of a source text: where each points and on which line. */
function importsOf(file: string, source: string) {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      specifier = node.moduleSpecifier;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifier = node.arguments[0];
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      specifier = node.argument.literal;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      found.push({ specifier: specifier.text, line: line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** What breaks the layering in one file of api/ (`file` relative to the repository). */
function layerViolations(file: string, source: string): string[] {
  const own = layerOf(file);
  if (!own) {
    return [`${file}: ${entryOf(file)} is in no layer: add it to api/layers.ts (ADR 058)`];
  }
  const violations: string[] = [];
  for (const { specifier, line } of importsOf(file, source)) {
    const target = resolve(file, specifier);
    if (target === null) continue;
    const where = `${file}:${line} imports ${specifier}`;
    if (!target.startsWith("api/")) {
      violations.push(`${where}: the API imports nothing outside api/ but domain/ (ADR 058)`);
      continue;
    }
    const theirs = layerOf(target);
    if (theirs?.entry === own.entry) continue;
    if (!theirs) {
      violations.push(`${where}: ${entryOf(target)} is in no layer of api/layers.ts (ADR 058)`);
    } else if (theirs.index >= own.index) {
      const relation = theirs.index === own.index ? "beside it in" : "above it, in";
      violations.push(
        `${where}: ${theirs.entry} is ${relation} layer "${theirs.name}", and ${own.entry} ` +
          `(layer "${own.name}") imports only from layers below its own (api/layers.ts, ADR 058)`,
      );
    }
  }
  return violations;
}

describe("the API's layers", () => {
  it("hold: no file of api/ imports from its own layer's other folders or from above", () => {
    const files = fs
      .readdirSync("api", { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `api/${name.split(path.sep).join("/")}`)
      .sort();
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((file) =>
      layerViolations(file, fs.readFileSync(file, "utf8")),
    );
    expect(violations).toEqual([]);
  });

  it("name a feature that imports a feature above it, with the line", () => {
    const source = `import { z } from "zod";\nimport {\n  createFileUploadService,\n} from "#api/uploads/file-uploads.ts";\n`;
    expect(layerViolations("api/users/users.ts", source)).toEqual([
      'api/users/users.ts:2 imports #api/uploads/file-uploads.ts: uploads/ is above it, in layer "uploads", ' +
        'and users/ (layer "users") imports only from layers below its own (api/layers.ts, ADR 058)',
    ]);
  });

  it("count type-only imports, re-exports, relative paths and import() too", () => {
    const file = "api/collections/collections.ts";
    const lines = [
      'import type { File } from "#api/files/files.ts";',
      'import { type Upload } from "../uploads/file-uploads.ts";',
      'export { fileRoutes } from "#api/routes/files.ts";',
      'type Api = import("#api/app.ts").Api;',
      'const later = () => import("#api/downloads/downloads.ts");',
    ];
    const found = layerViolations(file, lines.join("\n"));
    expect(found.map((violation) => violation.split(" imports ")[0])).toEqual(
      lines.map((_, index) => `${file}:${index + 1}`),
    );
  });

  it("refuse a folder of the same layer, a folder in no layer, and app/", () => {
    expect(layerViolations("api/http/errors.ts", 'import "#api/storage/index.ts";')).toEqual([
      expect.stringContaining('storage/ is beside it in layer "infrastructure"'),
    ]);
    expect(layerViolations("api/routes/x.ts", 'import "#api/elsewhere/y.ts";')).toEqual([
      expect.stringContaining("elsewhere/ is in no layer"),
    ]);
    expect(layerViolations("api/elsewhere/y.ts", "")).toEqual([
      expect.stringContaining("elsewhere/ is in no layer"),
    ]);
    expect(layerViolations("api/routes/x.ts", 'import { t } from "#app/i18n.ts";')).toEqual([
      expect.stringContaining("nothing outside api/"),
    ]);
  });

  it("let a folder import itself, lower layers, domain/ and packages", () => {
    const source = [
      'import { a } from "./sibling.ts";',
      'import { b } from "#api/access/teams.ts";',
      'import { c } from "#api/db/schema.ts";',
      'import { d } from "#domain/roles.ts";',
      'import { e } from "kysely";',
    ].join("\n");
    expect(layerViolations("api/files/files.ts", source)).toEqual([]);
  });
});
