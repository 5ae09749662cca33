import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body } from "./contract.ts";

const ME = "/api/users/@me";
/** A JSON Patch operation on the profile (docs/product.md#api, PATCH /users/@me). */
export type ProfileOperation = Body<typeof ME, "patch">[number];

export const usersApi = {
  patchMe: (context: WebContext, accessToken: string, operations: ProfileOperation[]) =>
    apiCall<Answer<typeof ME, "patch">>(context, ME, {
      method: "PATCH",
      accessToken,
      body: operations,
    }),

  /** Changes the password: every other session ends, this one stays (ADR 072). */
  changePassword: (
    context: WebContext,
    accessToken: string,
    body: Body<`${typeof ME}/password`, "post">,
  ) =>
    apiCall<Answer<`${typeof ME}/password`, "post">>(context, `${ME}/password`, {
      method: "POST",
      accessToken,
      body,
    }),

  /** Asks to change the email: a code goes to the new address (ADR 077). */
  requestEmailChange: (
    context: WebContext,
    accessToken: string,
    body: Body<`${typeof ME}/email`, "post">,
  ) =>
    apiCall<Answer<`${typeof ME}/email`, "post">>(context, `${ME}/email`, {
      method: "POST",
      accessToken,
      body,
    }),

  /** The new address's code: the email changes, other sessions end, this one stays. */
  confirmEmailChange: (
    context: WebContext,
    accessToken: string,
    body: Body<`${typeof ME}/email/confirmation`, "post">,
  ) =>
    apiCall<Answer<`${typeof ME}/email/confirmation`, "post">>(
      context,
      `${ME}/email/confirmation`,
      { method: "POST", accessToken, body },
    ),

  /**
   * Ends every session of the account on every device; with keepCurrent, all but this one
   * (ADR 085).
   */
  signOutEverywhere: (context: WebContext, accessToken: string, keepCurrent: boolean) =>
    apiCall<Answer<`${typeof ME}/sessions`, "delete">>(
      context,
      `${ME}/sessions${keepCurrent ? "?keep=current" : ""}`,
      { method: "DELETE", accessToken },
    ),

  /** Deletes the account, confirmed by its password (or its email address). */
  deleteAccount: (
    context: WebContext,
    accessToken: string,
    body: Body<`${typeof ME}/deletion`, "post">,
  ) =>
    apiCall<Answer<`${typeof ME}/deletion`, "post">>(context, `${ME}/deletion`, {
      method: "POST",
      accessToken,
      body,
    }),

  createAvatar: (
    context: WebContext,
    accessToken: string,
    body: Body<`${typeof ME}/avatars`, "post">,
  ) =>
    apiCall<Answer<`${typeof ME}/avatars`, "post">>(context, `${ME}/avatars`, {
      method: "POST",
      accessToken,
      body,
    }),

  avatarStatus: (context: WebContext, accessToken: string, avatarId: string) =>
    apiCall<Answer<`${typeof ME}/avatars/{avatarId}`, "get">>(
      context,
      `${ME}/avatars/${encodeURIComponent(avatarId)}`,
      { accessToken },
    ),
};
