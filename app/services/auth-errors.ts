/**
 * The authentication errors of docs/product.md#errors that a sign-in's callback can end in, as keys
 * of `auth:social.authErrors`. The catalogue's other four (an API call without a user, a user
 * already signed in, token refresh in the implicit flow, credentials not returned) belong to
 * calls and token refresh, not to a callback.
 */
export const AUTH_ERROR_KEYS = [
  "canceled",
  "state",
  "noAccessToken",
  "differentOrigin",
  "noMatchingRedirect",
  "invalidTokens",
  "noIssuer",
  "unknown",
] as const;
export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[number];

export function isAuthErrorKey(code: string): code is AuthErrorKey {
  return (AUTH_ERROR_KEYS as readonly string[]).includes(code);
}
