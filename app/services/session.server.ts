import {
  createCookie,
  createCookieSessionStorage,
  createSession,
  type Session,
} from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import type { FederatedProviderId } from "#domain/providers.ts";
import { isSecureRequest } from "./cookies.server.ts";
import { sealedCookie } from "./sealed-cookie.server.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";

/**
 * The signed-in visitor's API tokens, in a signed, encrypted, httpOnly cookie that only the
 * server reads (ADR 004, ADR 082). Page scripts never see a token, nor can anyone read one from
 * the cookie's value.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
}

export interface SessionData {
  tokens: SessionTokens;
  /** Shown in the header without an API call on every page. */
  displayName: string;
  /**
   * An internal member's account (user scope "team"): it exists for one team and cannot leave it,
   * so the team menu offers no Leave (ADR 095).
   */
  internal: boolean;
  /** The forced set-new-password step: the challenge the sign-in answered. */
  challenge: { session: string; teamId: string; username: string };
  /** Where to go after signing in (a same-origin path). */
  redirectTo: string;
  /**
   * A social sign-in under way, between the button and the callback (social.server.ts). The
   * state and PKCE verifier sit under the keys remix-auth-oauth2 reads.
   */
  socialSignIn: SocialSignIn;
  "oauth2:state": string;
  "oauth2:codeVerifier": string;
  /** Why the last social sign-in failed; flashed to the sign-in page. */
  signInError: SignInError;
  /**
   * An invitation a guest chose to accept and was sent to sign in for, since its address has an
   * account: the accept page completes it once they are back, signed in (ADR 028).
   */
  pendingInvitation: PendingInvitation;
}

export interface PendingInvitation {
  /** The team as the link names it (its id or an alias). */
  teamId: string;
  /** SHA-256 of the link's key: the key itself stays in the link. */
  keyHash: string;
  /** The invited address, to sign in with. */
  email: string;
  /** Epoch milliseconds; the choice counts for PENDING_INVITATION_TTL_MS. */
  at: number;
}

/** How long a guest's "accept" waits for them to sign in. */
export const PENDING_INVITATION_TTL_MS = 60 * 60 * 1000;

/** The pending invitation, while it is recent. */
export function pendingInvitationOf(session: AppSession) {
  const pending = session.get("pendingInvitation");
  return pending && Date.now() - pending.at < PENDING_INVITATION_TTL_MS ? pending : null;
}

export interface SocialSignIn {
  provider: FederatedProviderId;
  /**
   * The flow the API started (ADR 086): a secret kept only here, in the sealed cookie; the API
   * checks the ID token's nonce against it, once.
   */
  flow: string;
  /** Where to go when the session has no redirectTo (the team asked for on the sign-in page). */
  home: string;
  /** Epoch milliseconds. */
  startedAt: number;
}

/** A key of `auth:social.errors` (or of `messages:errors`), and the provider's name. */
export interface SignInError {
  code: string;
  provider: string;
}

/** Temporary sign-in data that goes once the sign-in ends, either way. */
export const SOCIAL_SIGN_IN_KEYS = ["socialSignIn", "oauth2:state", "oauth2:codeVerifier"] as const;

/** Signed-in sessions last as long as their refresh token: 30 days. */
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData>>;
const storages = new Map<string, Storage>();

export function sessionStorage(context: WebContext, request: Request) {
  const secure = isSecureRequest(request);
  const key = `${secure}:${context.config.sessionSecrets.join(",")}`;
  let storage = storages.get(key);
  if (!storage) {
    const secrets = context.config.sessionSecrets;
    const cookie = createCookie(SESSION_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: SESSION_MAX_AGE_SECONDS,
      secrets,
    });
    storage = createCookieSessionStorage<SessionData>({ cookie: sealedCookie(cookie, secrets) });
    storages.set(key, storage);
  }
  return storage;
}

export type AppSession = Session<SessionData>;

/**
 * What each request's cookie holds, read once: a page's loaders (the root's, the team's, the
 * screen's) all ask, and each reading checks the cookie's signature again
 * (docs/performance.md#server-throughput).
 * They share one request (patches/@remix-run+server-runtime, ADR 055).
 */
const cookieData = new WeakMap<Request, Promise<AppSession["data"]>>();

/**
 * The request's session. Each call answers a session of its own, so what one loader sets is not
 * seen by another until it is committed, as when every call read the cookie.
 */
export async function getSession(request: Request, context: WebContext): Promise<AppSession> {
  let data = cookieData.get(request);
  if (!data) {
    data = sessionStorage(context, request)
      .getSession(request.headers.get("Cookie"))
      .then((session) => session.data);
    cookieData.set(request, data);
  }
  // The cookie's entries, flashed ones included, as the storage's own getSession hands them.
  return createSession<SessionData>((await data) as SessionData);
}

export async function commitSession(request: Request, context: WebContext, session: AppSession) {
  return sessionStorage(context, request).commitSession(session);
}

export async function destroySession(request: Request, context: WebContext, session: AppSession) {
  return sessionStorage(context, request).destroySession(session);
}
