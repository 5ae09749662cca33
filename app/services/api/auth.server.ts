import type { WebContext } from "#app/load-context.ts";
import type { FederatedProviderId } from "#domain/providers.ts";
import { apiCall } from "./client.server.ts";

/** The API's token answer (spec section 7, POST /auth/refresh). */
export interface TokensResult {
  IdToken: string;
  TokenType: string;
  AccessToken: string;
  /** Seconds. */
  ExpiresIn: number;
  RefreshToken?: string;
}

/** The User of spec section 3. */
export interface User {
  userId: string;
  userScope: "global" | "team";
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
  nickname: string | null;
  username: string;
  avatarUrl: string | null;
}

export type Locale = "en" | "it";

export const authApi = {
  signIn: (
    context: WebContext,
    body: { email?: string; username?: string; password: string; team?: string },
  ) => apiCall<{ result: TokensResult }>(context, "/api/auth/signin", { method: "POST", body }),

  newPassword: (
    context: WebContext,
    body: { newPassword: string; session: string; teamId: string; username: string },
  ) =>
    apiCall<{ result: TokensResult }>(context, "/api/auth/new-password", { method: "POST", body }),

  signUp: (
    context: WebContext,
    body: { email: string; password: string; nickname: string; locale: Locale },
  ) =>
    apiCall<{ userId: string; username: string; email: string }>(context, "/api/auth/signup", {
      method: "POST",
      body,
    }),

  verifyEmail: (context: WebContext, body: { code: string; email: string; username: string }) =>
    apiCall<unknown>(context, "/api/auth/verify-email", { method: "POST", body }),

  resendCode: (context: WebContext, body: { email: string }) =>
    apiCall<unknown>(context, "/api/auth/resend-code", { method: "POST", body }),

  forgotPassword: (context: WebContext, body: { email: string }) =>
    apiCall<unknown>(context, "/api/auth/forgot-password", { method: "POST", body }),

  resetPassword: (
    context: WebContext,
    body: { newPassword: string; email: string; code: string },
  ) => apiCall<unknown>(context, "/api/auth/reset-password", { method: "POST", body }),

  /** Social sign-in: the provider's ID token and the nonce this sign-in sent with it. */
  federated: (
    context: WebContext,
    body: { provider: FederatedProviderId; idToken: string; nonce: string },
  ) => apiCall<{ result: TokensResult }>(context, "/api/auth/federated", { method: "POST", body }),

  refresh: (context: WebContext, refreshToken: string) =>
    apiCall<{ result: TokensResult }>(context, "/api/auth/refresh", {
      method: "POST",
      body: { refreshToken },
    }),

  signOut: (context: WebContext, accessToken: string) =>
    apiCall<unknown>(context, "/api/auth/signout", { method: "POST", body: { accessToken } }),

  me: (context: WebContext, accessToken: string) =>
    apiCall<User>(context, "/api/users/@me", { accessToken }),
};

/** The name to greet a user by: preferred name, nickname, first name, else the username. */
export function displayNameOf(user: User) {
  return user.preferredName || user.nickname || user.firstName || user.email || user.username;
}
