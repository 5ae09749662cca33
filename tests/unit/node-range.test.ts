import fs from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/*
 * The Node release the README promises is one every installed package accepts: an `npm ci` on it
 * prints no EBADENGINE warning, and nothing is installed that says it needs a later Node.
 */

const readme = fs.readFileSync("README.md", "utf8");
const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** "Node 20.19 or later" in the README's quick start, as a full version. */
function promisedNode() {
  const match = /Node (\d+)\.(\d+) or later/.exec(readme);
  if (!match) throw new Error("The README no longer says which Node it needs");
  return `${match[1]}.${match[2]}.0`;
}

describe("the Node release the README names", () => {
  it("is package.json's lowest engines.node", () => {
    expect(semver.minVersion(manifest.engines.node)?.version).toBe(promisedNode());
  });

  it("is accepted by every package in the lockfile", () => {
    const refusing = Object.entries(lock.packages)
      .map(([name, entry]) => {
        const engines = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return { name: name || "raccolta", engines };
      })
      .filter(({ engines }) => engines && !semver.satisfies(promisedNode(), engines));
    expect(refusing).toEqual([]);
  });
});
