import { describe, expect, it } from "vitest";
import type { WebContext } from "#app/load-context.ts";
import { getAuth, loadCurrentUser } from "#app/services/auth.server.ts";
import { commitSession, getSession, type SessionTokens } from "#app/services/session.server.ts";
import { TOKEN_REFRESH_MARGIN_MS } from "#domain/constants.ts";
import { thrown } from "#tests/support/thrown.ts";
import { testWebContext } from "#tests/support/web-context.ts";
import { post, signedInUser, type Tokens } from "./support/accounts.ts";
import { apiForThisFile } from "./support/file-api.ts";

/*
 * The web tier's session against the real API over HTTP: tokens live in the signed session
 * cookie and are refreshed on the server before they run out (docs/product.md#tokens).
 */
const api = apiForThisFile();

const PAGE = "http://raccolta.test/profile";

const webContext = (apiUrl = api.url): WebContext => testWebContext(apiUrl, "web-session-test");

/** A request carrying a session cookie with these tokens, expiring in `expiresInMs`. */
async function requestWith(context: WebContext, tokens: Tokens, expiresInMs: number) {
  const session = await getSession(new Request(PAGE), context);
  const stored: SessionTokens = {
    accessToken: tokens.AccessToken,
    refreshToken: tokens.RefreshToken,
    expiresAt: Date.now() + expiresInMs,
  };
  session.set("tokens", stored);
  const [cookie] = (await commitSession(new Request(PAGE), context, session)).split(";");
  return new Request(PAGE, { headers: { Cookie: cookie ?? "" } });
}

async function sessionIn(context: WebContext, setCookie: string) {
  const [cookie] = setCookie.split(";");
  const request = new Request(PAGE, { headers: { Cookie: cookie ?? "" } });
  return getSession(request, context);
}

async function tokensIn(context: WebContext, setCookie: string) {
  return (await sessionIn(context, setCookie)).get("tokens");
}

describe("the web session", () => {
  it("uses the stored access token while it has more than five minutes left", async () => {
    const context = webContext();
    const { tokens } = await signedInUser(api);
    const request = await requestWith(context, tokens, TOKEN_REFRESH_MARGIN_MS + 60_000);
    const auth = await getAuth(request, context);
    expect(auth?.accessToken).toBe(tokens.AccessToken);
    expect(auth?.headers.get("Set-Cookie")).toBeNull();
  });

  it("refreshes on the server when under five minutes are left, and stores the new tokens", async () => {
    const context = webContext();
    const { tokens, email } = await signedInUser(api);
    const request = await requestWith(context, tokens, TOKEN_REFRESH_MARGIN_MS - 60_000);
    // Ten minutes later, as far as the API knows: the new tokens are issued at a later time.
    api.clock.advance(10 * 60_000);
    const auth = await getAuth(request, context).finally(() => api.clock.reset());
    expect(auth?.accessToken).not.toBe(tokens.AccessToken);
    const setCookie = auth?.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    const stored = await tokensIn(context, setCookie);
    expect(stored?.accessToken).toBe(auth?.accessToken);
    expect(stored?.refreshToken).not.toBe(tokens.RefreshToken);
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() + TOKEN_REFRESH_MARGIN_MS);
    // The new access token works.
    const user = await loadCurrentUser(request, context, auth as NonNullable<typeof auth>);
    expect(user.email).toBe(email);
  });

  it("presents one refresh token once, even to parallel loaders of one navigation", async () => {
    const context = webContext();
    const { tokens } = await signedInUser(api);
    const request = await requestWith(context, tokens, 0);
    const [first, second] = await Promise.all([
      getAuth(request, context),
      getAuth(request.clone(), context),
    ]);
    expect(first?.accessToken).toBe(second?.accessToken);
    // Had it been presented twice, the API would have revoked the family.
    const me = await fetch(`${api.url}/api/users/@me`, {
      headers: { Authorization: `Bearer ${first?.accessToken}` },
    });
    expect(me.status).toBe(200);
  });

  it("signs out when the API refuses the refresh: the tokens go, and sign-in leads back here", async () => {
    const context = webContext();
    const { tokens } = await signedInUser(api);
    expect((await post(api, "/auth/signout", { accessToken: tokens.AccessToken })).status).toBe(
      200,
    );
    const request = await requestWith(context, tokens, 0);
    const response = (await thrown(getAuth(request, context))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth/signin");
    const session = await sessionIn(context, response.headers.get("Set-Cookie") ?? "");
    expect(session.get("tokens")).toBeUndefined();
    expect(session.get("redirectTo")).toBe("/profile");
  });

  it("keeps the session when the API cannot be reached: that is an outage, not a sign-out", async () => {
    const context = webContext("http://127.0.0.1:9");
    const { tokens } = await signedInUser(api);
    const request = await requestWith(context, tokens, 0);
    const error = await thrown(getAuth(request, context));
    expect(error).not.toBeInstanceOf(Response);
    expect(error).toMatchObject({ init: { status: 503 }, data: { errorCode: "noConnection" } });
  });

  it("signs out when loading the current user answers a 4xx", async () => {
    const context = webContext();
    const { tokens } = await signedInUser(api);
    const request = await requestWith(context, tokens, TOKEN_REFRESH_MARGIN_MS + 60_000);
    const forged = {
      accessToken: `${tokens.AccessToken.slice(0, -4)}AAAA`,
      headers: new Headers(),
    };
    const response = (await thrown(loadCurrentUser(request, context, forged))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth/signin");
    expect(await tokensIn(context, response.headers.get("Set-Cookie") ?? "")).toBeUndefined();
  });
});
