import { describe, expect, it } from "vitest";
import { ApiRequestError, serviceUnavailable } from "#app/services/api/client.server.ts";
import { returnPathOf } from "#app/services/redirect.ts";
import { getSession } from "#app/services/session.server.ts";
import { mapRouteError, type RouteHandler } from "#app/shell/route-errors.server.ts";
import { testWebContext } from "#tests/support/web-context.ts";

// The one mapping from an API error to a response (ADR 018), called as the host calls it for
// every loader and action.

const context = testWebContext("http://api.invalid");

const PAGE = "http://raccolta.test/teams/t1/collections/c1?tab=mine";
const get = (url = PAGE) => new Request(url);
const post = (referer?: string) =>
  new Request("http://raccolta.test/teams/t1/rename", {
    method: "POST",
    headers: referer ? { Referer: referer } : {},
  });
const loader = { kind: "loader", page: true } as const;
const action = { kind: "action", page: true } as const;
const resource = { kind: "loader", page: false } as const;

const apiError = (status: number, code: string, authenticated = true) =>
  new ApiRequestError(status, code, code, {}, authenticated);

async function map(error: unknown, request: Request, thrownBy: RouteHandler = loader) {
  return mapRouteError(error, { request, context }, thrownBy);
}

async function sessionOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return getSession(new Request(PAGE, { headers: { Cookie: cookie } }), context);
}

describe("mapRouteError", () => {
  it("sends a visitor whose session has ended to sign in, and back to the page afterwards", async () => {
    const response = (await map(apiError(401, "notAuthorized"), get())) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth/signin");
    const session = await sessionOf(response);
    expect(session.get("redirectTo")).toBe("/teams/t1/collections/c1?tab=mine");
    expect(session.get("tokens")).toBeUndefined();
  });

  it("after a form post, comes back to the page the form was on", async () => {
    const response = (await map(
      apiError(401, "notAuthorized"),
      post("http://raccolta.test/teams/t1?cursor=abc"),
      action,
    )) as Response;
    expect((await sessionOf(response)).get("redirectTo")).toBe("/teams/t1?cursor=abc");
  });

  it("treats a 401 on a call without a token (a wrong password) as any other refusal", async () => {
    const mapped = await map(apiError(401, "notAuthorized", false), get());
    expect(mapped).toMatchObject({ init: { status: 400 }, data: { errorCode: "notAuthorized" } });
  });

  it("shows /404 for what a loader may not see or cannot find", async () => {
    for (const status of [403, 404]) {
      const response = (await map(apiError(status, "notFound"), get())) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/404");
    }
  });

  it("shows a 400 page for anything else a loader's call is refused for", async () => {
    const mapped = await map(apiError(400, "invalidInput"), get());
    expect(mapped).toMatchObject({ init: { status: 400 }, data: { errorCode: "invalidInput" } });
  });

  it("sends an action's refusal back to its page with the reason in a snackbar", async () => {
    const response = (await map(
      apiError(409, "alreadyExists"),
      post("http://raccolta.test/teams/t1"),
      action,
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/teams/t1");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("shows the 503 page when the API fails, and a line of text for a resource route", async () => {
    expect(await map(apiError(500, "generic"), get())).toMatchObject({ init: { status: 503 } });
    for (const error of [apiError(502, "generic"), serviceUnavailable()]) {
      const response = (await map(error, get(), resource)) as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await response.text()).toMatch(/cannot reach our servers/);
    }
  });

  it("leaves anything that is not the API's alone", async () => {
    const bug = new TypeError("a bug");
    expect(await map(bug, get())).toBe(bug);
    const thrown = new Response(null, { status: 302, headers: { Location: "/x" } });
    expect(await map(thrown, get())).toBe(thrown);
  });
});

describe("returnPathOf", () => {
  it("drops Remix's own data parameters", () => {
    expect(returnPathOf(get("http://raccolta.test/teams/t1?_routes=root&index&tab=mine"))).toBe(
      "/teams/t1?tab=mine",
    );
  });

  it("keeps only the path of an address too long for the session cookie, or nothing", () => {
    const query = `?q=${"x".repeat(5000)}`;
    expect(returnPathOf(get(`http://raccolta.test/teams/t1${query}`))).toBe("/teams/t1");
    expect(returnPathOf(get(`http://raccolta.test/${"a".repeat(5000)}`))).toBeNull();
  });

  it("never takes a Referer from another site", () => {
    expect(returnPathOf(post("https://evil.example/teams/t1"))).toBe("/teams/t1/rename");
  });
});
