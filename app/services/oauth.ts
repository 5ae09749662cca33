import { OAUTH_SCOPES } from "#domain/constants.ts";
import { ERROR_CODES } from "#domain/errors.ts";
import type { FederatedProviderId } from "#domain/providers.ts";
import type { AuthErrorKey } from "./auth-errors.ts";

export { AUTH_ERROR_KEYS, isAuthErrorKey } from "./auth-errors.ts";

/*
 * Pure pieces of the OpenID Connect authorization code flow (RFC 6749, RFC 7636, OpenID Connect
 * Core 1.0) that the social sign-in (social.server.ts) builds on. No I/O here.
 */

/** The base64url alphabet: 64 of RFC 7636's unreserved characters, so a byte's low 6 bits map evenly. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** `length` random characters from the URL-safe alphabet: 6 bits of entropy each. */
export function randomToken(length: number) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let token = "";
  for (const byte of bytes) token += ALPHABET[byte & 63];
  return token;
}

/** A code verifier as RFC 7636 (section 4.1) allows: 43 to 128 unreserved characters. */
export function isCodeVerifier(value: string) {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(value);
}

function base64url(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The S256 code challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))). */
export async function s256CodeChallenge(verifier: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string | null | undefined, b: string | null | undefined) {
  if (typeof a !== "string" || typeof b !== "string" || a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Scopes to ask for. Apple knows only `name` and `email` besides `openid`, and refuses others;
 * every other provider gets `openid email profile` (docs/product.md#limits).
 */
export function scopesFor(provider: FederatedProviderId) {
  if (provider === "apple") return ["openid", "email", "name"];
  return ["openid", ...OAUTH_SCOPES.filter((scope) => scope !== "openid")];
}

/** Apple answers with a form post whenever scopes are asked for; the others redirect (query). */
export function responseModeFor(provider: FederatedProviderId) {
  return provider === "apple" ? ("form_post" as const) : undefined;
}

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  nonce: string;
  codeChallenge: string;
  responseMode?: "form_post" | "query" | undefined;
}

/** The provider's authorization URL for a code flow with PKCE (S256), state and nonce. */
export function authorizationUrl(request: AuthorizationRequest) {
  const url = new URL(request.authorizationEndpoint);
  const params = {
    response_type: "code",
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(" "),
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    ...(request.responseMode ? { response_mode: request.responseMode } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * What went wrong, from a provider's `error` (RFC 6749, 4.1.2.1 and 5.2; OpenID Connect Core
 * 3.1.2.6), as an authentication error: the person said no, the redirect address is not the one
 * registered, the provider would not issue or accept tokens, or anything else (the provider down
 * included: server_error and temporarily_unavailable say no more than that).
 */
export function providerErrorKey(error: string | null): AuthErrorKey {
  switch (error) {
    case "access_denied":
    case "user_cancelled_authorize": // Apple
    case "consent_required":
    case "interaction_required":
    case "login_required":
    case "account_selection_required":
      return "canceled";
    case "redirect_uri_mismatch": // Google, and others before RFC 6749 named it
    case "invalid_redirect_uri":
      return "noMatchingRedirect";
    case "unauthorized_client":
    case "unsupported_response_type":
    case "invalid_scope":
      return "noAccessToken";
    case "invalid_grant":
    case "invalid_token":
      return "invalidTokens";
    default:
      return "unknown";
  }
}

/**
 * Error codes of the catalogue (docs/product.md#errors) a callback's `error_description` may name,
 * as a hosted sign-in page or an identity service puts them ("PreSignUp failed with error
 * privateEmailSignUpNotAllowed.", or JSON after a marker). Left out: codes whose message needs a
 * value the callback does not carry (alreadySignedUp's provider, notLoggedIn's email).
 */
const DESCRIBED_CODES: ReadonlySet<string> = new Set([
  ...ERROR_CODES.filter((code) => code !== "alreadySignedUp" && code !== "notLoggedIn"),
  "externalIdentifierError",
]);

/** Messages that name the provider: no good without its name. */
const PROVIDER_NAMED = new Set([
  "unavailable",
  "notAuthorized",
  "notConfirmed",
  "externalIdentifierError",
]);

/**
 * Why a callback that carries `error` or `error_description` failed, as a sign-in error: the
 * catalogue code the description names, else what the provider's `error` means. The description
 * itself is never shown: it is whatever the address says, so only our own texts reach the page.
 * `providerName` is "" when the callback does not belong to this browser's sign-in (its state
 * does not match): then nothing names a provider, and a message that needs one is `unknown`.
 */
export function callbackError(
  error: string | null,
  description: string | null,
  providerName: string,
) {
  const words = description?.slice(0, 2000).match(/[A-Za-z]+/g) ?? [];
  const described = words.find((word) => DESCRIBED_CODES.has(word));
  const code: string = described ?? providerErrorKey(error);
  if (!providerName && PROVIDER_NAMED.has(code)) return { code: "unknown", provider: "" };
  return { code, provider: providerName };
}

/** The fields a form_post callback carries that the GET callback reads. */
export const CALLBACK_PARAMS = ["code", "state", "iss", "error", "error_description"] as const;
