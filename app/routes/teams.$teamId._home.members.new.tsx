import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CredentialsCard } from "#app/components/credentials.tsx";
import { Field, FieldErrors, FormErrors, useMessage } from "#app/components/forms.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { type Credentials, membersApi } from "#app/services/api/members.server.ts";
import { detectLocale } from "#app/services/i18n.server.ts";
import { closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { ASSIGNABLE_ROLES, can } from "#domain/roles.ts";
import { emailSchema, nicknameSchema, roleSchema, usernameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * Add a member (spec section 2): invite someone by email with a name and a role, or create an
 * internal contributor, whose sign-in details are shown once.
 */

const InviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailSchema,
  nickname: nicknameSchema,
  role: roleSchema,
});
const InternalSchema = z.object({ intent: z.literal("internal"), username: usernameSchema });

type Tab = "email" | "internal";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "create", "member")) {
    return redirectWithToast(request, context, base, {
      type: "error",
      message: "messages:errors.forbidden",
    });
  }
  const tab: Tab =
    new URL(request.url).searchParams.get("tab") === "internal" ? "internal" : "email";
  return data({ base, tab }, { headers: auth.headers });
}

type Answer =
  | { intent: "invite" | "internal"; result: SubmissionResult<string[]> }
  | { intent: "created"; credentials: Credentials };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const formData = await request.formData();
  const locale = await detectLocale(request);
  const invalid = (answer: Answer, status = 400) => data(answer, { status, headers: auth.headers });

  if (formData.get("intent") === "internal") {
    const submission = parseWithZod(formData, { schema: InternalSchema });
    if (submission.status !== "success") {
      return invalid({ intent: "internal", result: submission.reply() });
    }
    const created = await attempt(
      membersApi.createInternal(context, auth.accessToken, team.teamId, {
        username: submission.value.username,
        locale,
      }),
    );
    if (created.refusal) {
      const result = submission.reply({ formErrors: [`errors.${created.refusal.errorCode}`] });
      return invalid({ intent: "internal", result }, created.refusal.statusCode);
    }
    const { credentials } = created.value.body;
    return data({ intent: "created", credentials } satisfies Answer, { headers: auth.headers });
  }

  const submission = parseWithZod(formData, { schema: InviteSchema });
  if (submission.status !== "success") {
    return invalid({ intent: "invite", result: submission.reply() });
  }
  const { email, nickname, role } = submission.value;
  const { refusal } = await attempt(
    membersApi.invite(context, auth.accessToken, team.teamId, { email, nickname, role, locale }),
    ["cannotSendInvitationEmail"],
  );
  // The member is added even when the mail could not go: say so on the team page.
  if (refusal?.errorCode === "cannotSendInvitationEmail") {
    return closeWithError({ request, context, to: base, auth }, refusal.errorCode);
  }
  if (refusal) {
    const result = submission.reply({ formErrors: [`errors.${refusal.errorCode}`] });
    return invalid({ intent: "invite", result }, refusal.statusCode);
  }
  return redirectWithToast(
    request,
    context,
    base,
    { type: "success", message: "toasts.memberInvited", values: { email } },
    { status: 303, headers: auth.headers },
  );
}

export default function AddMemberDialog() {
  const { t } = useTranslation("teams");
  const { base, tab } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
  const path = `${base}/members/new`;
  return (
    <RouteDialog title={t("members.new.title")} closeTo={base} closeLabel={t("members.close")}>
      <Flex direction="column" gap="4">
        <nav className="link-tabs" aria-label={t("members.new.tabs")}>
          {(["email", "internal"] as const).map((name) => (
            <Link
              key={name}
              to={`${path}?tab=${name}`}
              replace
              preventScrollReset
              aria-current={tab === name ? "page" : undefined}
            >
              {name === "email" ? t("members.new.tabEmail") : t("members.new.tabInternal")}
            </Link>
          ))}
        </nav>
        {tab === "email" ? (
          <InviteForm
            path={path}
            lastResult={answer?.intent === "invite" ? answer.result : undefined}
          />
        ) : (
          <InternalForm
            path={path}
            lastResult={answer?.intent === "internal" ? answer.result : undefined}
          />
        )}
      </Flex>
    </RouteDialog>
  );
}

function InviteForm({
  path,
  lastResult,
}: {
  path: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invite-member",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={path} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="invite" />
      <Flex direction="column" gap="4">
        <Field
          meta={fields.email}
          label={t("members.new.email")}
          type="email"
          autoComplete="off"
          autoFocus
        />
        <Field meta={fields.nickname} label={t("members.new.nickname")} autoComplete="off" />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.role.id}>
            {t("members.new.role")}
          </Text>
          <select {...getSelectProps(fields.role)} className="native-select">
            <option value="" />
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} format={message} />
        </Flex>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={busy}>
            {t("members.new.invite")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function InternalForm({
  path,
  lastResult,
}: {
  path: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "internal-member",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InternalSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={`${path}?tab=internal`} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="internal" />
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray">
          {t("members.new.internalIntro")}
        </Text>
        <Field
          meta={fields.username}
          label={t("members.new.username")}
          hint={t("members.new.usernameHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={busy}>
            {t("members.new.create")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
