import type { WebContext } from "#app/load-context.ts";
import { apiCall, unlessRefused } from "./client.server.ts";
import { type Answer, type Body, type Query, querySuffix, type Schema } from "./contract.ts";

/**
 * A member as the API answers it (docs/product.md#entities, Member); the detail adds username and
 * email.
 */
export type Member = Schema<"Member">;
export type MemberDetail = Schema<"MemberDetail">;
/** What an invitation's page may say before it is answered. */
export type InvitationPreview = Schema<"InvitationPreview">;
/** An internal member's sign-in details, shown once. */
export type Credentials = Schema<"InternalMemberCredentials">;

const MEMBERS = "/api/teams/{teamId}/members";
const MEMBER = `${MEMBERS}/{userId}` as const;
/** A JSON Patch operation on a member (role, nickname, status). */
export type MemberOperation = Body<typeof MEMBER, "patch">[number];

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const membersPath = (teamId: string) => `${teamPath(teamId)}/members`;
const memberPath = (teamId: string, userId: string) =>
  `${membersPath(teamId)}/${encodeURIComponent(userId)}`;

export const membersApi = {
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: Query<typeof MEMBERS> = {},
  ) =>
    apiCall<Answer<typeof MEMBERS, "get">>(context, `${membersPath(teamId)}${querySuffix(query)}`, {
      accessToken,
    }),

  get: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Answer<typeof MEMBER, "get">>(context, memberPath(teamId, userId), { accessToken }),

  invite: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: Extract<Body<typeof MEMBERS, "post">, { email: string }>,
  ) =>
    apiCall<Answer<typeof MEMBERS, "post">>(context, membersPath(teamId), {
      method: "POST",
      accessToken,
      body,
    }),

  createInternal: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: { username: string; locale: "en" | "it" },
  ) =>
    apiCall<Schema<"InternalMemberCreated">>(context, membersPath(teamId), {
      method: "POST",
      accessToken,
      body: { ...body, role: "uploader" } satisfies Body<typeof MEMBERS, "post">,
    }),

  patch: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    userId: string,
    operations: MemberOperation[],
  ) =>
    apiCall<Answer<typeof MEMBER, "patch">>(context, memberPath(teamId, userId), {
      method: "PATCH",
      accessToken,
      body: operations,
    }),

  remove: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Answer<typeof MEMBER, "delete">>(context, memberPath(teamId, userId), {
      method: "DELETE",
      accessToken,
    }),

  /** The caller leaves the team (ADR 095); the owner is refused with ownerCannotLeave. */
  leave: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Answer<"/api/teams/{teamId}/members/@me/leave", "post">>(
      context,
      `${membersPath(teamId)}/@me/leave`,
      { method: "POST", accessToken },
    ),

  /** Hands the team over to an active admin (ADR 095); the owner becomes admin. */
  transferOwnership: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Answer<"/api/teams/{teamId}/owner", "post">>(context, `${teamPath(teamId)}/owner`, {
      method: "POST",
      accessToken,
      body: { userId } satisfies Body<"/api/teams/{teamId}/owner", "post">,
    }),

  resendInvitation: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Answer<"/api/teams/{teamId}/invitations/resend", "post">>(
      context,
      `${teamPath(teamId)}/invitations/resend`,
      {
        method: "POST",
        accessToken,
        body: { userId } satisfies Body<"/api/teams/{teamId}/invitations/resend", "post">,
      },
    ),

  newPassword: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Answer<`${typeof MEMBER}/new-password`, "post">>(
      context,
      `${memberPath(teamId, userId)}/new-password`,
      { method: "POST", accessToken },
    ),

  acceptInvitation: (
    context: WebContext,
    teamId: string,
    body: Body<"/api/teams/{teamId}/invitations/accept", "post">,
    accessToken?: string,
  ) =>
    apiCall<Answer<"/api/teams/{teamId}/invitations/accept", "post">>(
      context,
      `${teamPath(teamId)}/invitations/accept`,
      { method: "POST", accessToken, body },
    ),

  /** What a mailed link is (team, inviter, email, role); refused for a used or expired one. */
  previewInvitation: (context: WebContext, teamId: string, token: string) =>
    apiCall<Answer<"/api/teams/{teamId}/invitations/preview", "post">>(
      context,
      `${teamPath(teamId)}/invitations/preview`,
      {
        method: "POST",
        body: { token } satisfies Body<"/api/teams/{teamId}/invitations/preview", "post">,
      },
    ),

  rejectInvitation: (context: WebContext, teamId: string, token: string) =>
    apiCall<Answer<"/api/teams/{teamId}/invitations/reject", "post">>(
      context,
      `${teamPath(teamId)}/invitations/reject`,
      {
        method: "POST",
        body: { token } satisfies Body<"/api/teams/{teamId}/invitations/reject", "post">,
      },
    ),
};

/** A member's name in the team, or null when the API does not answer it (a member since gone). */
export async function memberNickname(
  context: WebContext,
  accessToken: string,
  teamId: string,
  userId: string,
) {
  const member = await unlessRefused(membersApi.get(context, accessToken, teamId, userId));
  return member?.nickname ?? null;
}
