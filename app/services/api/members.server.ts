import type { WebContext } from "#app/load-context.ts";
import type { EffectiveMemberStatus, MemberType } from "#domain/members.ts";
import type { AssignableRole, Role } from "#domain/roles.ts";
import { apiCall, unlessRefused } from "./client.server.ts";

/** A member as the API answers it (spec section 3, Member). */
export interface Member {
  teamId: string;
  /** May start with EMAIL# until an invitation is accepted. */
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  role: Role;
  status: EffectiveMemberStatus;
  type: MemberType;
  createdAt: number;
  createdBy: string;
  joinedAt: number | null;
  inviteExpiresAt: number | null;
  /** On the detail only. */
  username?: string | null;
  email?: string | null;
}

export interface Credentials {
  teamAlias: string | null;
  teamId: string;
  username: string;
  password: string;
}

export interface MemberOperation {
  op: "replace";
  path: "/role" | "/nickname" | "/status";
  value: string;
}

const membersPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/members`;
const memberPath = (teamId: string, userId: string) =>
  `${membersPath(teamId)}/${encodeURIComponent(userId)}`;

export const membersApi = {
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: { prefix?: string; lastKey?: string } = {},
  ) => {
    const search = new URLSearchParams();
    if (query.prefix) search.set("prefix", query.prefix);
    if (query.lastKey) search.set("lastKey", query.lastKey);
    const suffix = search.size > 0 ? `?${search}` : "";
    return apiCall<{ pagination: { lastKey: string | null }; members: Member[] }>(
      context,
      `${membersPath(teamId)}${suffix}`,
      { accessToken },
    );
  },

  get: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<Member>(context, memberPath(teamId, userId), { accessToken }),

  invite: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: { email: string; nickname: string; role: AssignableRole; locale: string },
  ) => apiCall<Member>(context, membersPath(teamId), { method: "POST", accessToken, body }),

  createInternal: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: { username: string; locale: string },
  ) =>
    apiCall<{ member: Member; credentials: Credentials }>(context, membersPath(teamId), {
      method: "POST",
      accessToken,
      body: { ...body, role: "uploader" },
    }),

  patch: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    userId: string,
    operations: MemberOperation[],
  ) =>
    apiCall<Member>(context, memberPath(teamId, userId), {
      method: "PATCH",
      accessToken,
      body: operations,
    }),

  remove: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<unknown>(context, memberPath(teamId, userId), { method: "DELETE", accessToken }),

  resendInvitation: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<unknown>(context, `/api/teams/${encodeURIComponent(teamId)}/invitations/resend`, {
      method: "POST",
      accessToken,
      body: { userId },
    }),

  newPassword: (context: WebContext, accessToken: string, teamId: string, userId: string) =>
    apiCall<{ credentials: Credentials }>(context, `${memberPath(teamId, userId)}/new-password`, {
      method: "POST",
      accessToken,
    }),

  acceptInvitation: (
    context: WebContext,
    teamId: string,
    body: { token: string; password?: string },
    accessToken?: string,
  ) =>
    apiCall<{ membership: { role: Role }; auth?: { result: unknown } }>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/invitations/accept`,
      { method: "POST", accessToken, body },
    ),

  rejectInvitation: (context: WebContext, teamId: string, token: string) =>
    apiCall<unknown>(context, `/api/teams/${encodeURIComponent(teamId)}/invitations/reject`, {
      method: "POST",
      body: { token },
    }),
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
