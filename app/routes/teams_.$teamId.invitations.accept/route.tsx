import type { SubmissionResult } from "@conform-to/react";
import { Button, Callout, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "#app/components/auth-card.tsx";
import { useMessage } from "#app/components/forms.tsx";
import { i18nServer } from "#app/services/i18n.server.ts";
import { acceptInvitation } from "./accept-invitation.server.ts";
import { Joined } from "./joined.tsx";
import { RegisterForm } from "./register-form.tsx";

export const handle = { i18n: ["common", "auth", "teams", "messages"] };

/*
 * Accepting an invitation (spec sections 2 and 4). Opening the mailed link only shows what it
 * is: mail scanners open links too, so accepting is a post. A guest without an account gets the
 * registration form with the invited address fixed; a guest with one signs in first and comes
 * back here. Once in, the team opens after a second (a meta refresh without JavaScript).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const t = await i18nServer.getFixedT(request, "teams");
  return data({
    teamId: params.teamId ?? "",
    key,
    error: key ? null : "invalidAcceptToken",
    title: t("invitation.acceptMetaTitle"),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return acceptInvitation(request, context, params.teamId ?? "");
}

export default function AcceptInvitationPage() {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const { teamId, key, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rejectPath = `/teams/${encodeURIComponent(teamId)}/invitations/reject?${new URLSearchParams({ key })}`;

  if (answer?.step === "joined") return <Joined role={answer.role} teamPath={answer.teamPath} />;
  if (answer?.step === "register") {
    const lastResult =
      "result" in answer ? (answer.result as SubmissionResult<string[]>) : undefined;
    return <RegisterForm email={answer.email} lastResult={lastResult} />;
  }
  const problem = error ?? (answer?.step === "error" ? answer.error : null);
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      {problem ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{message(problem)}</Callout.Text>
        </Callout.Root>
      ) : null}
      {error ? null : (
        <Form method="post">
          <Flex direction="column" gap="4">
            <Text as="p">{t("invitation.acceptIntro")}</Text>
            <Button type="submit" size="3" loading={busy}>
              {t("invitation.accept")}
            </Button>
            <RadixLink asChild size="2">
              <Link to={rejectPath}>{t("invitation.rejectInstead")}</Link>
            </RadixLink>
          </Flex>
        </Form>
      )}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
