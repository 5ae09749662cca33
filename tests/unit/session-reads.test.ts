import { describe, expect, it } from "vitest";
import { commitSession, getSession } from "#app/services/session.server.ts";
import { testWebContext } from "#tests/support/web-context.ts";

/**
 * getSession reads a request's cookie once for all its loaders (app/services/session.server.ts,
 * ADR 055), yet each call answers a session of its own, flashed values and all.
 */
const context = testWebContext("http://api.invalid");
const PAGE = "http://localhost/teams";
const requestWith = (cookie: string | null) =>
  new Request(PAGE, { headers: cookie === null ? {} : { Cookie: cookie } });
const read = (cookie: string | null) => getSession(requestWith(cookie), context);
const cookieOf = (setCookie: string) => setCookie.split(";")[0] as string;

describe("the session a Cookie header holds", () => {
  it("reads the same for every loader of a request, each call a session of its own", async () => {
    const session = await read(null);
    session.set("displayName", "Ada");
    session.set("tokens", { accessToken: "a", refreshToken: "r", expiresAt: 1 });
    const cookie = cookieOf(await commitSession(new Request(PAGE), context, session));

    const request = requestWith(`theme=dark; ${cookie}`);
    const first = await getSession(request, context);
    const second = await getSession(request, context);
    expect(first).not.toBe(second);
    expect(second.get("displayName")).toBe("Ada");
    first.set("displayName", "Changed");
    first.unset("tokens");
    expect(second.get("displayName")).toBe("Ada");
    expect(second.get("tokens")).toEqual({ accessToken: "a", refreshToken: "r", expiresAt: 1 });
    expect((await getSession(request, context)).get("displayName")).toBe("Ada");

    // What a loader committed is read by the next request, from its new cookie.
    const committed = cookieOf(await commitSession(new Request(PAGE), context, first));
    const after = await read(committed);
    expect(after.get("displayName")).toBe("Changed");
    expect(after.get("tokens")).toBeUndefined();
  });

  it("reads a flashed value once per session, as the cookie does", async () => {
    const session = await read(null);
    session.flash("redirectTo", "/plans");
    const cookie = cookieOf(await commitSession(new Request(PAGE), context, session));
    const request = requestWith(cookie);
    const one = await getSession(request, context);
    expect(one.get("redirectTo")).toBe("/plans");
    expect(one.get("redirectTo")).toBeUndefined();
    expect((await getSession(request, context)).get("redirectTo")).toBe("/plans");
  });

  it("reads a cookie whose signature does not match as an empty session", async () => {
    const session = await read(null);
    session.set("displayName", "Ada");
    const cookie = cookieOf(await commitSession(new Request(PAGE), context, session));
    const [name, value = ""] = cookie.split("=");
    const forged = `${name}=${value.slice(0, -3)}abc`;
    expect((await read(forged)).get("displayName")).toBeUndefined();
    expect((await read(forged)).data).toEqual({});
  });
});
