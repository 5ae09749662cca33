import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { detectLocale } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { CredentialsDialog } from "#app/members/credentials.tsx";
import { invitationRefusalMessage } from "#app/members/invitation-refusal.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { type Credentials, membersApi } from "#app/services/api/members.server.ts";
import { closeAsForbidden, closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { can } from "#domain/roles.ts";
import { InternalForm } from "./internal-form.tsx";
import { InviteForm } from "./invite-form.tsx";
import { InternalSchema, InviteSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * Add a member (docs/product.md#invitations, docs/product.md#internal-members): invite someone by
 * email with a name and a role, or create an internal contributor, whose sign-in details are shown
 * once.
 */

type Tab = "email" | "internal";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "create", "member")) {
    return closeAsForbidden(request, context, base);
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
    const result = submission.reply({ formErrors: [invitationRefusalMessage(refusal)] });
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
    return <CredentialsDialog credentials={answer.credentials} base={base} />;
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
