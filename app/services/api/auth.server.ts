import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body, Schema } from "./contract.ts";

/** The API's token answer (spec section 7, POST /auth/refresh). */
export type TokensResult = Schema<"Tokens">;
/** The User of spec section 3. */
export type User = Schema<"User">;

const post = <P extends keyof AuthCalls>(context: WebContext, path: P, body: AuthCalls[P]) =>
  apiCall<Answer<P, "post">>(context, path, { method: "POST", body });

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
  "/api/auth/refresh": Body<"/api/auth/refresh", "post">;
  "/api/auth/signout": Body<"/api/auth/signout", "post">;
}

export const authApi = {
  signIn: (context: WebContext, body: AuthCalls["/api/auth/signin"]) =>
    post(context, "/api/auth/signin", body),

  newPassword: (context: WebContext, body: AuthCalls["/api/auth/new-password"]) =>
    post(context, "/api/auth/new-password", body),

  signUp: (context: WebContext, body: AuthCalls["/api/auth/signup"]) =>
    post(context, "/api/auth/signup", body),

  verifyEmail: (context: WebContext, body: AuthCalls["/api/auth/verify-email"]) =>
    post(context, "/api/auth/verify-email", body),

  resendCode: (context: WebContext, body: AuthCalls["/api/auth/resend-code"]) =>
    post(context, "/api/auth/resend-code", body),

  forgotPassword: (context: WebContext, body: AuthCalls["/api/auth/forgot-password"]) =>
    post(context, "/api/auth/forgot-password", body),

  resetPassword: (context: WebContext, body: AuthCalls["/api/auth/reset-password"]) =>
    post(context, "/api/auth/reset-password", body),

  /** Social sign-in: the provider's ID token and the nonce this sign-in sent with it. */
  federated: (context: WebContext, body: AuthCalls["/api/auth/federated"]) =>
    post(context, "/api/auth/federated", body),

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
