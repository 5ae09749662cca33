import { describe, expect, it } from "vitest";
import { holdsSecret } from "#app/services/link-parameters.server.ts";
import { carriesSecret, secretInPath } from "#domain/secret-urls.ts";

// Which addresses hold a secret, so their pages load no third-party script and send no Referer
// to another site: a secret in the query (ADR 087), or a drop link's token in the path (ADR 100).

const at = (address: string) => new URL(address, "https://raccolta.test");

describe("addresses with a secret", () => {
  it("finds a drop link's token in the path of its page and of everything under it", () => {
    for (const path of ["/d/AAAAAAAAAAAAAAAAAAAAAAAA", "/d/AAAAAAAAAAAAAAAAAAAAAAAA/gallery/f1"]) {
      expect(secretInPath(at(path)), path).toBe(true);
      expect(carriesSecret(at(path)), path).toBe(false);
      expect(holdsSecret(new Request(at(path))), path).toBe(true);
    }
  });

  it("finds none in other paths, and still finds one in a query", () => {
    for (const path of ["/", "/docs", "/dashboard/d/x", "/teams/t1/collections/c1"]) {
      expect(secretInPath(at(path)), path).toBe(false);
      expect(holdsSecret(new Request(at(path))), path).toBe(false);
    }
    expect(holdsSecret(new Request(at("/auth/reset?code=123456")))).toBe(true);
  });
});
