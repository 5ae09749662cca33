import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { invitationLimitHours } from "#app/members/invitation-refusal.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { type Credentials, type Member, membersApi } from "#app/services/api/members.server.ts";
import type { Team } from "#app/services/api/teams.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { closeWithError, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import {
  canBanMember,
  canChangeMemberRole,
  canDeactivateMember,
  canDeleteMember,
  canReactivateMember,
  canRenameMember,
  canResendInvitation,
  canResetMemberPassword,
  canTransferOwnership,
} from "#domain/roles.ts";
import { CONFIRMED_ACTIONS, type ConfirmedAction } from "./confirm.ts";
import { RenameSchema, RoleSchema } from "./schemas.ts";

export type Allowed = ReturnType<typeof allowedActions>;

/**
 * Which of the member actions the caller's role allows on this member
 * (docs/product.md#member-actions).
 */
export function allowedActions(me: string, team: Team, member: Member) {
  const actor = { userId: me, role: team.memberRole };
  const target = {
    userId: member.userId,
    role: member.role,
    status: member.status,
    type: member.type,
  };
  return {
    rename: canRenameMember(actor, target),
    role: canChangeMemberRole(actor, target),
    disable: canDeactivateMember(actor, target),
    reactivate: canReactivateMember(actor, target),
    resend: canResendInvitation(actor, target),
    resetPassword: canResetMemberPassword(actor, target),
    remove: canDeleteMember(actor, target),
    ban: canBanMember(actor, target),
    makeOwner: canTransferOwnership(actor, target),
  };
}

/** The action `?confirm=` names, when the caller may take it. */
export function confirming(url: URL, allowed: Allowed): ConfirmedAction | null {
  const asked = url.searchParams.get("confirm");
  const action = CONFIRMED_ACTIONS.find((name) => name === asked);
  return action && allowed[action] ? action : null;
}

/** The team, the caller and the member the address names. */
export async function loadMember(
  request: Request,
  context: WebContext,
  params: { teamId?: string; userId?: string },
) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const found = await attempt(
    membersApi.get(context, auth.accessToken, team.teamId, params.userId ?? ""),
  );
  // A member since gone (or never there): back to the team.
  if (found.refusal) throw redirect(base, { headers: auth.headers });
  return { auth, team, base, me: userIdOf(auth), member: found.value.body };
}

export type ActionAnswer =
  | { intent: "rename" | "role"; result: SubmissionResult<string[]> }
  | { intent: "resetPassword"; credentials: Credentials };

/**
 * The member dialog's action: the `intent` button that was pressed, if the caller's role allows
 * it. Renames and role changes answer their form's errors; the others go back to the team page
 * with a snackbar (docs/product.md#client-messages); a new password answers the credentials, shown
 * once.
 */
export async function memberAction(
  request: Request,
  context: WebContext,
  params: { teamId?: string; userId?: string },
) {
  const { auth, team, base, me, member } = await loadMember(request, context, params);
  const allowed = allowedActions(me, team, member);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const done = (message: string) =>
    redirectWithToast(
      request,
      context,
      base,
      { type: "success", message },
      { status: 303, headers: auth.headers },
    );
  // Action errors show in a snackbar, over the team page (docs/product.md#client-messages).
  const goBack = { request, context, to: base, auth };
  const patch = (path: "/role" | "/nickname" | "/status", value: string) =>
    orGoBack(
      membersApi.patch(context, auth.accessToken, team.teamId, member.userId, [
        { op: "replace", path, value },
      ]),
      goBack,
    );

  switch (intent) {
    case "rename": {
      const submission = parseWithZod(formData, { schema: RenameSchema });
      if (submission.status !== "success" || !allowed.rename) {
        return data({ intent, result: submission.reply() } satisfies ActionAnswer, {
          status: 400,
          headers: auth.headers,
        });
      }
      if (submission.value.nickname === member.nickname) return done("toasts.memberUnchanged");
      await patch("/nickname", submission.value.nickname);
      return done("toasts.memberRenamed");
    }
    case "role": {
      const submission = parseWithZod(formData, { schema: RoleSchema });
      if (submission.status !== "success" || !allowed.role) {
        return data({ intent, result: submission.reply() } satisfies ActionAnswer, {
          status: 400,
          headers: auth.headers,
        });
      }
      if (submission.value.role === member.role) return done("toasts.memberUnchanged");
      await patch("/role", submission.value.role);
      return done("toasts.memberRoleChanged");
    }
    case "disable":
      await patch("/status", "disabled");
      return done("toasts.memberDisabled");
    case "reactivate":
      await patch("/status", "active");
      return done("toasts.memberReactivated");
    case "resend": {
      const resent = await attempt(
        membersApi.resendInvitation(context, auth.accessToken, team.teamId, member.userId),
      );
      const hours = resent.refusal && invitationLimitHours(resent.refusal);
      if (hours !== undefined) {
        return redirectWithToast(
          request,
          context,
          base,
          {
            type: "error",
            message: "messages:errors.tooManyInvitations",
            values: { count: String(hours) },
          },
          { status: 303, headers: auth.headers },
        );
      }
      if (resent.refusal) throw await closeWithError(goBack, resent.refusal.errorCode);
      return done("toasts.invitationResent");
    }
    case "resetPassword": {
      const { body } = await orGoBack(
        membersApi.newPassword(context, auth.accessToken, team.teamId, member.userId),
        goBack,
      );
      return data({ intent, credentials: body.credentials } satisfies ActionAnswer, {
        headers: auth.headers,
      });
    }
    case "ban":
      await patch("/status", "banned");
      return done("toasts.memberBanned");
    case "makeOwner":
      await orGoBack(
        membersApi.transferOwnership(context, auth.accessToken, team.teamId, member.userId),
        goBack,
      );
      return done("toasts.ownershipTransferred");
    case "remove":
      await orGoBack(
        membersApi.remove(context, auth.accessToken, team.teamId, member.userId),
        goBack,
      );
      return done("toasts.memberRemoved");
    default:
      throw unknownIntent();
  }
}
