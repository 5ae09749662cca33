import { createRequire } from "node:module";
import * as esModuleBuild from "@remix-run/router/dist/router.js";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router (ADR 039, ADR 046) keeps each route tree's ranked branches and each
 * path's pattern instead of building them on every call, in both of the router's builds: the
 * CommonJS one the server loads and the ES module one the browser's bundle is made from.
 * Matching must answer exactly as before: the same route for every address however often it is
 * asked, and a new tree is not answered from an old one's ranking.
 */
type Router = typeof import("@remix-run/router");
const builds: [string, Router][] = [
  ["CommonJS, the server's", createRequire(import.meta.url)("@remix-run/router") as Router],
  // Its types are the package's, declared beside its CommonJS entry.
  ["ES module, the browser's", esModuleBuild as unknown as Router],
];

const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "teams", path: "teams" },
      {
        id: "team",
        path: "teams/:teamId",
        children: [{ id: "collection", path: "collections/:collectionId" }],
      },
      { id: "signin", path: "auth/signin" },
      { id: "splat", path: "*" },
    ],
  },
];

describe.each(builds)("route matching with kept rankings and patterns (%s build)", (_, router) => {
  const { matchPath, matchRoutes } = router;
  const leaf = (routes: ReturnType<typeof tree>, pathname: string) => {
    const matches = matchRoutes(routes, pathname);
    return matches && { id: matches.at(-1)?.route.id, params: matches.at(-1)?.params };
  };

  it("answers the same, call after call", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      expect(leaf(routes, "/")).toEqual({ id: "home", params: {} });
      expect(leaf(routes, "/teams")).toEqual({ id: "teams", params: {} });
      expect(leaf(routes, "/teams/t1/collections/c%201")).toEqual({
        id: "collection",
        params: { teamId: "t1", collectionId: "c 1" },
      });
      expect(leaf(routes, "/TEAMS/t2")).toEqual({ id: "team", params: { teamId: "t2" } });
      expect(leaf(routes, "/auth/signin/")).toEqual({ id: "signin", params: {} });
      expect(leaf(routes, "/no/such/page")).toEqual({
        id: "splat",
        params: { "*": "no/such/page" },
      });
    }
  });

  it("ranks a new tree on its own", () => {
    const routes = tree();
    expect(leaf(routes, "/teams/t1")?.id).toBe("team");
    const changed = tree();
    changed[0]?.children.splice(2, 1);
    expect(leaf(changed, "/teams/t1")).toEqual({ id: "splat", params: { "*": "teams/t1" } });
    expect(leaf(routes, "/teams/t1")?.id).toBe("team");
  });

  it("keeps a pattern's case sensitivity and end apart", () => {
    const path = "/Teams/:teamId";
    expect(matchPath({ path, caseSensitive: true }, "/teams/a")).toBeNull();
    expect(matchPath({ path, caseSensitive: false }, "/teams/a")?.params).toEqual({ teamId: "a" });
    expect(matchPath({ path, caseSensitive: false, end: true }, "/teams/a/more")).toBeNull();
    expect(matchPath({ path, caseSensitive: false, end: false }, "/teams/a/more")?.pathname).toBe(
      "/teams/a",
    );
  });
});

/**
 * That the ranking and the patterns are kept, not only that matching answers as before: without
 * the patch each call flattens and ranks the tree again and builds a `RegExp` for every path it
 * tries (docs/upstream-patches.md). A tree changed in place after its first match is still
 * answered from its first ranking, which is how the kept ranking shows; the app's route trees are
 * made once per build and never changed in place.
 */
describe.each(builds)("route matching keeps its work (%s build)", (_, router) => {
  const { matchPath, matchRoutes } = router;

  it("ranks a tree once, at its first match", () => {
    const routes = tree();
    expect(matchRoutes(routes, "/added")?.at(-1)?.route.id).toBe("splat");
    routes[0]?.children.push({ id: "added", path: "added" });
    expect(matchRoutes(routes, "/added")?.at(-1)?.route.id).toBe("splat");
  });

  it("builds a path's pattern once", () => {
    const built: string[] = [];
    const OwnRegExp = globalThis.RegExp;
    globalThis.RegExp = new Proxy(OwnRegExp, {
      construct(target, args: [string, string?]) {
        built.push(String(args[0]));
        return new target(...args);
      },
    });
    try {
      const path = `/kept-${Math.random().toString(36).slice(2)}/:id`;
      for (let round = 0; round < 3; round++) {
        expect(matchPath(path, "/nowhere")).toBeNull();
      }
      expect(built.filter((source) => source.includes("kept-"))).toHaveLength(1);
    } finally {
      globalThis.RegExp = OwnRegExp;
    }
  });
});
