import { describe, expect, it } from "vitest";
import { relativeHref } from "#app/components/relative-href.ts";

const T = "1b548f33-7390-4156-8aaa-a1b936e195dc";
const C = "5f43c141-8a69-47ec-b80f-8d95a35ecae5";
const F = "b5563bf1-6095-4cd4-8803-e1ca25d20775";
const G = "afcb0ca6-2569-4f1c-a847-0e36aca65a62";
const collection = `/teams/${T}/collections/${C}`;

/** What the browser makes of `href` on a page at `from`: the path, query and fragment. */
function resolved(from: string, href: string) {
  const url = new URL(href, `https://raccolta.example${from}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

describe("relativeHref", () => {
  // The files table's links, from each address that renders the table.
  it.each([
    [collection, `${collection}/files/${F}`, `${C}/files/${F}`],
    [collection, `${collection}/files/${F}/rename?tab=mine`, `${C}/files/${F}/rename?tab=mine`],
    [collection, `${collection}?creator=${G}`, `?creator=${G}`],
    [`${collection}/files/${F}`, `${collection}/files/${G}`, G],
    [`${collection}/files/${F}`, `${collection}/files/${G}/download`, `${G}/download`],
    [`${collection}/files/${F}/rename`, `${collection}/files/${G}`, `../${G}`],
    [`${collection}/files/${F}/rename`, `${collection}?creator=${G}`, `../../../${C}?creator=${G}`],
    [`${collection}/upload`, `${collection}/files/${F}`, `files/${F}`],
    [`${collection}/`, `${collection}/files/${F}`, `files/${F}`],
  ])("from %s to %s is %s", (from, to, expected) => {
    expect(relativeHref(from, to)).toBe(expected);
    expect(resolved(from, expected)).toBe(to);
  });

  it.each([
    ["/a/b", "/a/b", "b"],
    ["/a/b", "/a/b#top", "b#top"],
    ["/a/b/", "/a/b/", "./"],
    ["/a/b", "/a/", "./"],
    ["/a/b", "/a//c", ".//c"],
    ["/a/b", "/a/c:d", "./c:d"],
  ])("from %s to %s is %s, which the browser reads as meant", (from, to, expected) => {
    expect(relativeHref(from, to)).toBe(expected);
    expect(resolved(from, expected)).toBe(to);
  });

  it("keeps the absolute path when the relative one would not be shorter", () => {
    expect(relativeHref("/a/b/c/d/e", "/f")).toBe("/f");
    expect(relativeHref("/a/b/c/d/e", "/a/g")).toBe("/a/g");
  });

  it.each([
    ["https://other.example/teams"],
    ["//other.example/teams"],
    ["files/x"],
    ["?creator=x"],
    [""],
  ])("leaves %j as it is: not an absolute path", (to) => {
    expect(relativeHref(collection, to)).toBe(to);
  });

  it("resolves to the target from any page, for paths of every shape", () => {
    const segments = ["a", "b", "c:d", "", "..x", "%20"];
    const paths: string[] = [];
    for (const first of segments) {
      for (const second of segments) {
        paths.push(`/${first}`, `/${first}/${second}`, `/a/${first}/${second}`);
      }
    }
    for (const from of paths) {
      for (const path of paths) {
        // "" next to "/" makes "//": a protocol-relative reference, which no app path is.
        if (path.startsWith("//")) continue;
        for (const to of [path, `${path}?q=1`, `${path}#h`]) {
          const href = relativeHref(from, to);
          expect(resolved(from, href), `${href} from ${from}`).toBe(to);
        }
      }
    }
  });
});
