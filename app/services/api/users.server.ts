import type { WebContext } from "#app/load-context.ts";
import type { User } from "./auth.server.ts";
import { apiCall } from "./client.server.ts";

/** A JSON Patch operation on the profile (spec section 7, PATCH /users/@me). */
export interface ProfileOperation {
  op: "replace" | "remove";
  path: "/firstName" | "/lastName" | "/nickname" | "/preferredName";
  value?: string;
}

export type AvatarStatus = "processing" | "ready" | "error";

export const usersApi = {
  patchMe: (context: WebContext, accessToken: string, operations: ProfileOperation[]) =>
    apiCall<User>(context, "/api/users/@me", { method: "PATCH", accessToken, body: operations }),

  createAvatar: (
    context: WebContext,
    accessToken: string,
    body: { contentType: string } | { remoteUrl: string },
  ) =>
    apiCall<{ avatarId: string; uploadUrl: string | null }>(context, "/api/users/@me/avatars", {
      method: "POST",
      accessToken,
      body,
    }),

  avatarStatus: (context: WebContext, accessToken: string, avatarId: string) =>
    apiCall<{ status: AvatarStatus; avatarUrl?: string | null; errorCode?: string }>(
      context,
      `/api/users/@me/avatars/${encodeURIComponent(avatarId)}`,
      { accessToken },
    ),
};
