import { redirect } from "@remix-run/node";
import { decodeJwt } from "jose";
import type { WebContext } from "#app/load-context.ts";
import { TOKEN_REFRESH_MARGIN_MS } from "#domain/constants.ts";
import { authApi, displayNameOf, type TokensResult } from "./api/auth.server.ts";
import { ApiRequestError, isClientError } from "./api/client.server.ts";
import { returnPathOf, safeRedirectPath } from "./redirect.ts";
import {
  type AppSession,
  commitSession,
  destroySession,
  getSession,
  type SessionTokens,
  SOCIAL_SIGN_IN_KEYS,
  sessionStorage,
} from "./session.server.ts";
import { createToastHeaders } from "./toast.server.ts";

export interface Auth {
  accessToken: string;
  /** Set-Cookie to send with the response when the tokens were refreshed on the way. */
  headers: Headers;
}

/**
 * The Set-Cookie of tokens refreshed while answering a request, for whatever response it ends
 * with. A loader passes `auth.headers` on its own answer; when it throws instead, the route error
 * mapping (route-errors.server.ts) sends them, so a refreshed token is never lost (and its old
 * refresh token, spent, never presented again as if stolen).
 */
const refreshedCookies = new WeakMap<Request, Headers>();

export function refreshedSessionHeaders(request: Request): Headers | undefined {
  return refreshedCookies.get(request);
}

function tokensFrom(result: TokensResult, previous?: SessionTokens): SessionTokens {
  const refreshToken = result.RefreshToken ?? previous?.refreshToken;
  if (!refreshToken) throw new Error("The API answered tokens without a refresh token");
  return {
    accessToken: result.AccessToken,
    refreshToken,
    expiresAt: Date.now() + result.ExpiresIn * 1000,
  };
}

/**
 * One refresh per refresh token at a time in this process: parallel loaders of one navigation (or
 * two tabs) must not present the same refresh token twice, which the API treats as theft.
 */
const refreshing = new Map<string, Promise<SessionTokens>>();

function refreshOnce(context: WebContext, tokens: SessionTokens) {
  let pending = refreshing.get(tokens.refreshToken);
  if (!pending) {
    pending = authApi
      .refresh(context, tokens.refreshToken)
      .then(({ body }) => tokensFrom(body.result, tokens));
    refreshing.set(tokens.refreshToken, pending);
    // Keep the answer a little while for requests that still carry the old cookie.
    const forget = () => setTimeout(() => refreshing.delete(tokens.refreshToken), 30_000).unref();
    pending.then(forget, forget);
  }
  return pending;
}

/**
 * The signed-in visitor's access token, refreshed on the server when it expires within five
 * minutes. A refused refresh signs out (the cookie is cleared and the visitor sent to sign in); a
 * network failure does not: it surfaces as "service unavailable" and the tokens stay.
 */
export async function getAuth(request: Request, context: WebContext): Promise<Auth | null> {
  const session = await getSession(request, context);
  const tokens = session.get("tokens");
  if (!tokens) return null;
  const headers = new Headers();
  if (tokens.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) {
    return { accessToken: tokens.accessToken, headers };
  }
  try {
    const fresh = await refreshOnce(context, tokens);
    session.set("tokens", fresh);
    headers.append("Set-Cookie", await commitSession(request, context, session));
    refreshedCookies.set(request, headers);
    return { accessToken: fresh.accessToken, headers };
  } catch (error) {
    if (error instanceof ApiRequestError) throw await signInAgain(request, context);
    throw error;
  }
}

/** Sends a guest to sign in, and back to this page afterwards. */
export async function requireAuth(request: Request, context: WebContext): Promise<Auth> {
  const auth = await getAuth(request, context);
  if (auth) return auth;
  throw await signInFirst(request, context);
}

/** Guest-only pages send a signed-in visitor to their team (query teamId or team) or /teams. */
export async function requireGuest(request: Request, context: WebContext) {
  const session = await getSession(request, context);
  if (!session.get("tokens")) return;
  throw redirect(signedInHome(new URL(request.url).searchParams));
}

export function signedInHome(query: URLSearchParams) {
  const team = query.get("teamId") || query.get("team");
  return team && /^[\w.-]{1,100}$/.test(team) ? `/teams/${encodeURIComponent(team)}` : "/teams";
}

/** After a successful sign-in: store the tokens and the name to greet, then go on. */
export async function startSession(
  request: Request,
  context: WebContext,
  result: TokensResult,
  fallbackRedirect = "/teams",
) {
  const { headers, redirectTo } = await signedInSession(request, context, result, fallbackRedirect);
  return redirect(redirectTo, { status: 303, headers });
}

/**
 * Stores a sign-in's tokens and the name to greet; answers the Set-Cookie and where the visitor
 * was going (a stored same-origin path, else `fallbackRedirect`), for pages that show something
 * before going on.
 */
export async function signedInSession(
  request: Request,
  context: WebContext,
  result: TokensResult,
  fallbackRedirect = "/teams",
) {
  const session = await getSession(request, context);
  const tokens = tokensFrom(result);
  const { body: user } = await authApi.me(context, tokens.accessToken);
  const redirectTo = safeRedirectPath(session.get("redirectTo"), fallbackRedirect);
  session.unset("redirectTo");
  session.unset("challenge");
  for (const key of SOCIAL_SIGN_IN_KEYS) session.unset(key);
  session.set("tokens", tokens);
  session.set("displayName", displayNameOf(user));
  session.set("internal", user.userScope === "team");
  const headers = new Headers({ "Set-Cookie": await commitSession(request, context, session) });
  return { headers, redirectTo };
}

/**
 * Sends a guest to sign in, to come back to this page afterwards; `change` adds to the session
 * what the page needs once they are back (and may name another way back).
 */
export async function signInFirst(
  request: Request,
  context: WebContext,
  change?: (session: AppSession) => void,
) {
  return toSignIn(request, context, await getSession(request, context), change);
}

/**
 * Changes the session of a signed-in request on top of any tokens refreshed while answering it
 * (`getAuth`), so the old refresh token, spent, is never written back. Answers the one Set-Cookie
 * to send instead of `auth.headers`.
 */
export async function changeSignedInSession(
  request: Request,
  context: WebContext,
  change: (session: AppSession) => void,
) {
  const refreshed = refreshedCookies.get(request)?.get("Set-Cookie");
  const cookie = refreshed ? (refreshed.split(";")[0] ?? null) : request.headers.get("Cookie");
  const session = await sessionStorage(context, request).getSession(cookie);
  change(session);
  return new Headers({ "Set-Cookie": await commitSession(request, context, session) });
}

/**
 * The session has ended (signed out elsewhere, a refused refresh, a token the API no longer
 * takes): forget its tokens and sign in again, to come back to this page afterwards.
 */
export async function signInAgain(request: Request, context: WebContext) {
  const session = await getSession(request, context);
  session.unset("tokens");
  session.unset("displayName");
  return toSignIn(request, context, session);
}

async function toSignIn(
  request: Request,
  context: WebContext,
  session: AppSession,
  change?: (session: AppSession) => void,
) {
  const returnPath = returnPathOf(request);
  if (returnPath) session.set("redirectTo", returnPath);
  else session.unset("redirectTo");
  change?.(session);
  return redirect("/auth/signin", {
    status: 303,
    headers: { "Set-Cookie": await commitSession(request, context, session) },
  });
}

/**
 * Signs out at the API (best effort) and always clears the session, then goes to `to` (the home
 * page, or a path of this site the caller chose), which says so in a toast (`message`, when
 * something else ended the session: a deleted account).
 */
export async function signOut(
  request: Request,
  context: WebContext,
  to = "/",
  message = "toasts.signedOut",
) {
  const session = await getSession(request, context);
  const tokens = session.get("tokens");
  if (tokens) await authApi.signOut(context, tokens.accessToken).catch(() => undefined);
  const toast = await createToastHeaders(request, context, {
    type: "info",
    message,
  });
  const headers = new Headers({ "Set-Cookie": await destroySession(request, context, session) });
  headers.append("Set-Cookie", toast.get("Set-Cookie") ?? "");
  return redirect(to, { status: 303, headers });
}

/**
 * The signed-in user; any 4xx on loading the current user means the session is no good any more
 * (docs/product.md#client-messages): sign in again.
 */
export async function loadCurrentUser(request: Request, context: WebContext, auth: Auth) {
  const { body } = await authApi.me(context, auth.accessToken).catch(async (error: unknown) => {
    throw isClientError(error) ? await signInAgain(request, context) : error;
  });
  return body;
}

/**
 * Whether this request carries a signed-in session, the name to greet and whether the account is
 * an internal member's, without API calls.
 */
export async function sessionSummary(request: Request, context: WebContext) {
  const session = await getSession(request, context);
  if (!session.get("tokens")) return null;
  return {
    displayName: session.get("displayName") ?? "",
    internal: session.get("internal") === true,
  };
}

/**
 * The signed-in user's id, read from the access token the API issued (its `sub`), to decide
 * what the page offers. No API call; the API decides what is allowed on its own.
 */
export function userIdOf(auth: Pick<Auth, "accessToken">): string {
  try {
    return decodeJwt(auth.accessToken).sub ?? "";
  } catch {
    return "";
  }
}
