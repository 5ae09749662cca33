import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { linkParameters } from "../../app/services/link-parameters.server.ts";
import { seal } from "../../app/services/sealed-cookie.server.ts";
import type { HostEnv } from "../../server/host-env.ts";
import { secretsOutOfAddress, withHandedOffSecrets } from "../../server/secret-handoff.ts";

const SECRETS = ["the session secret"];
const ORIGIN = "http://127.0.0.1:3000";

/**
 * The host's order: the handoff, then the page, which answers the address it was given and the
 * link's parameters it reads.
 */
function host() {
  const app = new Hono<HostEnv>();
  app.use(secretsOutOfAddress(SECRETS));
  app.all("*", async (c) => {
    const request = withHandedOffSecrets(c.req.raw, SECRETS);
    const body = request.method === "POST" ? await request.text() : "";
    return c.json({ url: request.url, link: linkParameters(request).toString(), body });
  });
  return async (path: string, init: RequestInit = {}) => {
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, init));
    return {
      response,
      seen: () => response.json() as Promise<{ url: string; link: string; body: string }>,
    };
  };
}

/** The link's parameters the page read. */
const linkOf = async (answer: { seen: () => Promise<{ link: string }> }) =>
  new URLSearchParams((await answer.seen()).link);

async function land(path: string) {
  const { response } = await host()(path);
  const cookie = response.headers.get("set-cookie") ?? "";
  return { landing: response, cookie: cookie.split(";")[0] ?? "" };
}

describe("secrets out of the address", () => {
  it("redirects a mailed link to the address without its secret, kept in a sealed cookie", async () => {
    const { landing, cookie } = await land("/auth/reset?email=ada%40example.com&code=123456");
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/auth/reset?email=ada%40example.com");
    expect(landing.headers.get("cache-control")).toBe("no-store");
    expect(landing.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(landing.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
    expect(landing.headers.get("set-cookie")).toMatch(/Max-Age=3600/);
    expect(cookie).not.toContain("123456");

    const page = await host()("/auth/reset?email=ada%40example.com", {
      headers: { Cookie: cookie },
    });
    const { url, link } = await page.seen();
    // The page's address stays clean: what it renders from it carries no secret.
    expect(url).toBe(`${ORIGIN}/auth/reset?email=ada%40example.com`);
    expect(new URLSearchParams(link).get("code")).toBe("123456");
    expect(new URLSearchParams(link).get("email")).toBe("ada@example.com");
  });

  it("gives it back to the page's data requests and form posts, parameters in any order", async () => {
    const { cookie } = await land("/auth/verify?email=a%40b.c&code=654321&username=u1");
    const data = await host()("/auth/verify.data?username=u1&email=a%40b.c&_routes=routes%2Fv", {
      headers: { Cookie: cookie },
    });
    expect((await linkOf(data)).get("code")).toBe("654321");
    const post = await host()("/auth/verify?email=a%40b.c&username=u1", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ code: "654321" }),
    });
    const posted = await post.seen();
    expect(new URLSearchParams(posted.link).get("code")).toBe("654321");
    expect(posted.body).toBe("code=654321");
  });

  it("gives it to no other page, nor to the same page for another address", async () => {
    const { cookie } = await land("/teams/t1/invitations/accept?key=k1");
    for (const other of [
      "/teams/t2/invitations/accept",
      "/teams/t1/invitations/reject",
      "/teams/t1/invitations/accept?lng=it",
      "/",
    ]) {
      const page = await host()(other, { headers: { Cookie: cookie } });
      expect((await linkOf(page)).has("key"), other).toBe(false);
    }
  });

  it("keeps a secret the address carries itself over the cookie's", async () => {
    const { cookie } = await land("/unsubscribe?email=a%40b.c&token=old");
    const page = await host()("/unsubscribe?email=a%40b.c&token=new", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect((await linkOf(page)).getAll("token")).toEqual(["new"]);
  });

  it("ignores a cookie it did not seal, and a client's own handed-off header", async () => {
    const forged = seal(
      { path: "/auth/reset", query: "email=a%40b.c", secrets: [["code", "111111"]] },
      "another secret",
    );
    for (const cookie of ["handoff=v1.garbage", `handoff=${forged}`, "handoff="]) {
      const page = await host()("/auth/reset?email=a%40b.c", { headers: { Cookie: cookie } });
      expect((await linkOf(page)).has("code"), cookie).toBe(false);
    }
    const sent = await host()("/auth/reset?email=a%40b.c", {
      headers: { "X-Handed-Off": "code=222222" },
    });
    expect((await linkOf(sent)).has("code")).toBe(false);
  });

  it("leaves a provider's callback, posts, and over-long values where they are", async () => {
    const callback = await host()("/auth/callback?code=abc&state=xyz");
    expect(callback.response.status).toBe(200);
    expect((await linkOf(callback)).get("code")).toBe("abc");
    const post = await host()("/auth/reset?code=123456", { method: "POST" });
    expect(post.response.status).toBe(200);
    const long = await host()(`/auth/reset?code=${"9".repeat(600)}`);
    expect(long.response.status).toBe(200);
  });
});
