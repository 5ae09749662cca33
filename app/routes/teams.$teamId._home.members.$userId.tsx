import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, DataList, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { UserAvatar } from "#app/components/avatar.tsx";
import { CredentialsCard } from "#app/components/credentials.tsx";
import { Field, FieldErrors, FormErrors, useMessage } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { RoleIcon } from "#app/components/role-icon.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import {
  type Credentials,
  type Member,
  memberNickname,
  membersApi,
} from "#app/services/api/members.server.ts";
import type { Team } from "#app/services/api/teams.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import {
  ASSIGNABLE_ROLES,
  canChangeMemberRole,
  canDeactivateMember,
  canDeleteMember,
  canReactivateMember,
  canRenameMember,
  canResendInvitation,
  canResetMemberPassword,
} from "#domain/roles.ts";
import { nicknameSchema, roleSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * A member's dialog (spec sections 2, 4 and 6): their details, and each action the caller's
 * role allows on them, as its own small form. The API checks every rule again.
 */

const RenameSchema = z.object({ intent: z.literal("rename"), nickname: nicknameSchema });
const RoleSchema = z.object({ intent: z.literal("role"), role: roleSchema });

type Allowed = ReturnType<typeof allowedActions>;

function allowedActions(me: string, team: Team, member: Member) {
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
  };
}

async function loadMember(
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

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base, me, member } = await loadMember(request, context, params);
  const addedBy = await memberNickname(context, auth.accessToken, team.teamId, member.createdBy);
  const confirmRemove = new URL(request.url).searchParams.get("confirm") === "remove";
  return data(
    { base, me, member, addedBy, allowed: allowedActions(me, team, member), confirmRemove },
    { headers: auth.headers },
  );
}

type ActionAnswer =
  | { intent: "rename" | "role"; result: SubmissionResult<string[]> }
  | { intent: "resetPassword"; credentials: Credentials };

export async function action({ request, context, params }: ActionFunctionArgs) {
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
  // Spec section 8: action errors show in a snackbar, over the team page.
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
    case "resend":
      await orGoBack(
        membersApi.resendInvitation(context, auth.accessToken, team.teamId, member.userId),
        goBack,
      );
      return done("toasts.invitationResent");
    case "resetPassword": {
      const { body } = await orGoBack(
        membersApi.newPassword(context, auth.accessToken, team.teamId, member.userId),
        goBack,
      );
      return data({ intent, credentials: body.credentials } satisfies ActionAnswer, {
        headers: auth.headers,
      });
    }
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

export default function MemberDialog() {
  const { t, i18n } = useTranslation("teams");
  const { base, me, member, addedBy, allowed, confirmRemove } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const date = (at: number | null | undefined) =>
    at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(at) : null;
  const self = me === member.userId;
  const name = self ? `${member.nickname} (${t("members.you")})` : member.nickname;

  if (answer && "credentials" in answer) {
    return (
      <RouteDialog
        title={t("members.credentials.title")}
        closeTo={base}
        closeLabel={t("members.close")}
      >
        <CredentialsCard credentials={answer.credentials} doneTo={base} />
      </RouteDialog>
    );
  }

  return (
    <RouteDialog title={t("members.info.title")} closeTo={base} closeLabel={t("members.close")}>
      <Flex direction="column" gap="4">
        <Flex gap="3" align="center">
          <UserAvatar url={member.avatarUrl} name={member.nickname} size={48} />
          <Flex direction="column">
            <Heading as="h3" size="4">
              {name}
            </Heading>
            <Flex align="center" gap="1">
              <RoleIcon role={member.role} />
              <Text size="2" color="gray">
                {t(`roles.${member.role}`)}
              </Text>
            </Flex>
          </Flex>
        </Flex>
        <DataList.Root size="2">
          {member.username ? (
            <DataList.Item>
              <DataList.Label>{t("members.info.username")}</DataList.Label>
              <DataList.Value>{member.username}</DataList.Value>
            </DataList.Item>
          ) : null}
          {member.email ? (
            <DataList.Item>
              <DataList.Label>{t("members.info.email")}</DataList.Label>
              <DataList.Value>{member.email}</DataList.Value>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.Label>{t("members.info.status")}</DataList.Label>
            <DataList.Value>
              <Badge>{t(`members.status.${member.status}`)}</Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("members.info.type")}</DataList.Label>
            <DataList.Value>{t(`members.type.${member.type}`)}</DataList.Value>
          </DataList.Item>
          {addedBy ? (
            <DataList.Item>
              <DataList.Label>{t("members.info.addedBy")}</DataList.Label>
              <DataList.Value>{addedBy}</DataList.Value>
            </DataList.Item>
          ) : null}
          {member.joinedAt ? (
            <DataList.Item>
              <DataList.Label>{t("members.info.activeFrom")}</DataList.Label>
              <DataList.Value>{date(member.joinedAt)}</DataList.Value>
            </DataList.Item>
          ) : null}
          {member.inviteExpiresAt &&
          (member.status === "invited" || member.status === "invitation_expired") ? (
            <DataList.Item>
              <DataList.Label>{t("members.info.inviteExpires")}</DataList.Label>
              <DataList.Value>{date(member.inviteExpiresAt)}</DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <MemberActions
          base={base}
          member={member}
          allowed={allowed}
          confirmRemove={confirmRemove}
          answer={answer}
        />
      </Flex>
    </RouteDialog>
  );
}

function MemberActions({
  base,
  member,
  allowed,
  confirmRemove,
  answer,
}: {
  base: string;
  member: Member;
  allowed: Allowed;
  confirmRemove: boolean;
  answer: ActionAnswer | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const self = `${base}/members/${encodeURIComponent(member.userId)}`;
  const simple = (
    [
      ["disable", t("members.actions.disable"), "red"],
      ["reactivate", t("members.actions.reactivate"), undefined],
      ["resend", t("members.actions.resend"), undefined],
      ["resetPassword", t("members.actions.resetPassword"), undefined],
    ] as const
  ).filter(([intent]) => allowed[intent]);
  return (
    <Flex direction="column" gap="4">
      {allowed.rename ? (
        <RenameForm
          member={member}
          lastResult={answer?.intent === "rename" ? answer.result : undefined}
        />
      ) : null}
      {allowed.role ? (
        <RoleForm
          member={member}
          lastResult={answer?.intent === "role" ? answer.result : undefined}
        />
      ) : null}
      {simple.length > 0 ? (
        <>
          <Separator size="4" />
          <Flex gap="2" wrap="wrap">
            {simple.map(([intent, label, color]) => (
              <Form method="post" key={intent} preventScrollReset>
                <Button
                  type="submit"
                  name="intent"
                  value={intent}
                  variant="soft"
                  color={color}
                  disabled={busy}
                >
                  {label}
                </Button>
              </Form>
            ))}
          </Flex>
        </>
      ) : null}
      {allowed.remove ? (
        <>
          <Separator size="4" />
          {confirmRemove ? (
            <Form method="post" preventScrollReset>
              <Flex direction="column" gap="3">
                <Text role="alert">
                  {t("members.actions.removeConfirm", { name: member.nickname })}
                </Text>
                <Flex gap="2" justify="end">
                  <Button asChild variant="soft" color="gray">
                    <Link to={self} replace preventScrollReset>
                      {t("members.actions.cancel")}
                    </Link>
                  </Button>
                  <Button type="submit" name="intent" value="remove" color="red" loading={busy}>
                    {t("members.actions.removeSubmit")}
                  </Button>
                </Flex>
              </Flex>
            </Form>
          ) : (
            <Flex>
              <Button asChild variant="ghost" color="red">
                <Link to={`${self}?confirm=remove`} replace preventScrollReset>
                  {t("members.actions.remove")}
                </Link>
              </Button>
            </Flex>
          )}
        </>
      ) : null}
    </Flex>
  );
}

function RenameForm({
  member,
  lastResult,
}: {
  member: Member;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "member-rename",
    lastResult,
    defaultValue: { nickname: member.nickname },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const unchanged = (fields.nickname.value ?? "").trim() === member.nickname;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="rename" />
      <Flex gap="2" align="end">
        <Flex direction="column" flexGrow="1">
          <Field meta={fields.nickname} label={t("members.info.nickname")} autoComplete="off" />
        </Flex>
        <Button type="submit" variant="soft" size="3" disabled={hydrated && unchanged}>
          {t("members.actions.renameSubmit")}
        </Button>
      </Flex>
      <FormErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function RoleForm({
  member,
  lastResult,
}: {
  member: Member;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "member-role",
    lastResult,
    defaultValue: { role: member.role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="role" />
      <Flex gap="2" align="end">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.role.id}>
            {t("members.info.role")}
          </Text>
          <select {...getSelectProps(fields.role)} className="native-select">
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} format={message} />
        </Flex>
        <Button
          type="submit"
          variant="soft"
          size="3"
          disabled={hydrated && fields.role.value === member.role}
        >
          {t("members.actions.roleSubmit")}
        </Button>
      </Flex>
    </Form>
  );
}
