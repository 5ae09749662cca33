import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, AuthLink } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { InvitationSummary } from "#app/members/invitation-summary.tsx";
import { linkParameters } from "#app/services/link-parameters.server.ts";
import { acceptInvitation, loadInvitation } from "./accept-invitation.server.ts";
import { RegisterForm } from "./register-form.tsx";

export const handle = { i18n: ["common", "auth", "teams", "messages"] };

/*
 * Accepting an invitation (docs/product.md#invitations). Opening the mailed link only shows what it
 * is (team, inviter, address, role), or why it can no longer be answered: mail scanners open
 * links too, so accepting is a post. A guest without an account gets the registration form with
 * the invited address fixed; a guest with one signs in first and, back here, is in (ADR 028).
 * Once in, the team opens, with a snackbar that says the role (ADR 078).
 */

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [{ page, headers }, t] = await Promise.all([
    loadInvitation(request, context, params.teamId ?? ""),
    i18nServer.getFixedT(request, "teams"),
  ]);
  return data(
    {
      ...page,
      teamId: params.teamId ?? "",
      key: linkParameters(request).get("key") ?? "",
      title: t("invitation.acceptMetaTitle"),
    },
    { headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return acceptInvitation(request, context, params.teamId ?? "");
}

export default function AcceptInvitationPage() {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rejectPath = `/teams/${encodeURIComponent(page.teamId)}/invitations/reject?${new URLSearchParams({ key: page.key })}`;

  if (answer?.step === "register") {
    const lastResult =
      "result" in answer ? (answer.result as SubmissionResult<string[]>) : undefined;
    return <RegisterForm email={answer.email} lastResult={lastResult} />;
  }
  const problem = answer?.step === "error" ? answer.error : page.problem;
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      {problem ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{message(problem)}</Callout.Text>
        </Callout.Root>
      ) : null}
      {problem?.startsWith("errors.notLoggedIn") ? (
        <Text as="p" size="2">
          {t("invitation.otherAccount")}
        </Text>
      ) : null}
      {page.invitation ? (
        // Signed in with another address, Accept would be refused (emailMismatch): the same form
        // signs out instead and comes back here, where a guest accepts.
        <Form method="post">
          {page.otherAccount ? <input type="hidden" name="intent" value="switch-account" /> : null}
          <Flex direction="column" gap="4">
            {page.otherAccount ? (
              <Callout.Root color="amber" role="note">
                <Callout.Text>
                  {t("invitation.signedInAs", { email: page.otherAccount })}
                </Callout.Text>
              </Callout.Root>
            ) : null}
            <InvitationSummary invitation={page.invitation} />
            <Text as="p" size="2">
              {t(page.otherAccount ? "invitation.switchIntro" : "invitation.acceptIntro")}
            </Text>
            <Button type="submit" size="3" loading={busy}>
              {t(page.otherAccount ? "invitation.switchAccount" : "invitation.accept")}
            </Button>
            <TextLink asChild size="2">
              <Link to={rejectPath}>{t("invitation.rejectInstead")}</Link>
            </TextLink>
          </Flex>
        </Form>
      ) : (
        // A link that can no longer be answered: no Accept, and the way to the teams one is in.
        <AuthLink to="/teams">{t("invitation.openTeams")}</AuthLink>
      )}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
