import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The lint rules that keep a failed promise from ending the process (ADR 018), run on the shape
// of code that once did: the project's own Biome, its configuration and its GritQL plugin.

const folder = fs.mkdtempSync(path.join("tests", "unit", ".lint-sample-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  location: { start: { line: number } };
}

function lint(source: string): Diagnostic[] {
  const file = path.join(folder, `sample-${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(file, source);
  let output: string;
  try {
    output = execFileSync("node_modules/.bin/biome", ["lint", "--reporter=json", file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (error) {
    // Biome exits with 1 when it reports errors; the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
}

const API = `declare const filesApi: { list(): Promise<{ body: string }> };
declare const collectionsApi: { get(): Promise<{ body: string }> };
`;

// Each case starts Biome itself: on a busy two-core machine that takes seconds.
describe("lint", { timeout: 30_000 }, () => {
  it("flags an API call held in a variable across another await (the crash of ADR 018)", () => {
    const diagnostics = lint(`${API}export async function loader() {
  const list = filesApi.list().then(({ body }) => body);
  const { body } = await collectionsApi.get();
  return [body, await list];
}
`);
    expect(diagnostics.map((d) => [d.category, d.location.start.line])).toEqual([["plugin", 4]]);
  });

  it("flags a promise left floating", () => {
    const diagnostics = lint(`${API}export function refresh() {
  filesApi.list();
}
`);
    expect(diagnostics.map((d) => d.category)).toEqual(["lint/nursery/noFloatingPromises"]);
  });

  it("lets calls started together, or awaited where they start, through", () => {
    const diagnostics = lint(`${API}export async function loader() {
  const [list, collection] = await Promise.all([filesApi.list(), collectionsApi.get()]);
  const again = await filesApi.list();
  const handled = filesApi.list().then((page) => page, () => null);
  return [list, collection, again, await handled];
}
`);
    expect(diagnostics).toEqual([]);
  });
});
