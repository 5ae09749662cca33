import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body, Schema } from "./contract.ts";

/** The API's token answer (docs/product.md#api, POST /auth/refresh). */
export type TokensResult = Schema<"Tokens">;
/** The User of docs/product.md#entities. */
export type User = Schema<"User">;

const post = <P extends keyof AuthCalls>(context: WebContext, path: P, body: AuthCalls[P]) =>
  apiCall<Answer<P, "post">>(context, path, { method: "POST", body });

/** The call that posts its body to `path`. */
const poster =
  <P extends keyof AuthCalls>(path: P) =>
  (context: WebContext, body: AuthCalls[P]) =>
    post(context, path, body);

/** The sign-in and account calls a guest makes, by path, with the body each takes. */
interface AuthCalls {
  "/api/auth/signin": Body<"/api/auth/signin", "post">;
  "/api/auth/new-password": Body<"/api/auth/new-password", "post">;
  "/api/auth/signup": Body<"/api/auth/signup", "post">;
  "/api/auth/verify-email": Body<"/api/auth/verify-email", "post">;
  "/api/auth/resend-code": Body<"/api/auth/resend-code", "post">;
  "/api/auth/forgot-password": Body<"/api/auth/forgot-password", "post">;
  "/api/auth/reset-password": Body<"/api/auth/reset-password", "post">;
  "/api/auth/federated": Body<"/api/auth/federated", "post">;
  "/api/auth/federated/start": Body<"/api/auth/federated/start", "post">;
  "/api/auth/refresh": Body<"/api/auth/refresh", "post">;
  "/api/auth/signout": Body<"/api/auth/signout", "post">;
}

export const authApi = {
  signIn: poster("/api/auth/signin"),
  newPassword: poster("/api/auth/new-password"),
  signUp: poster("/api/auth/signup"),
  verifyEmail: poster("/api/auth/verify-email"),
  resendCode: poster("/api/auth/resend-code"),
  forgotPassword: poster("/api/auth/forgot-password"),
  resetPassword: poster("/api/auth/reset-password"),
  /** Social sign-in starts: the flow to keep in the session and the nonce for the provider (ADR 086). */
  federatedStart: poster("/api/auth/federated/start"),
  /** Social sign-in: the provider's ID token and the flow this sign-in started with. */
  federated: poster("/api/auth/federated"),

  refresh: (context: WebContext, refreshToken: string) =>
    post(context, "/api/auth/refresh", { refreshToken }),

  signOut: (context: WebContext, accessToken: string) =>
    post(context, "/api/auth/signout", { accessToken }),

  me: (context: WebContext, accessToken: string) =>
    apiCall<Answer<"/api/users/@me", "get">>(context, "/api/users/@me", { accessToken }),
};

/** The name to greet a user by: preferred name, nickname, first name, else the username. */
export function displayNameOf(user: User) {
  return user.preferredName || user.nickname || user.firstName || user.email || user.username;
}
