import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { InvitationSummary } from "#app/members/invitation-summary.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * Declining an invitation: the link shows which invitation (who invites whom to which team, as
 * the accept page does) and what declining does, the button does it. A link that can no longer
 * be answered (used, expired, replaced) says so instead of offering the button.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const key = linkParameters(request).get("key") ?? "";
  const [t, previewed] = await Promise.all([
    i18nServer.getFixedT(request, "teams"),
    key ? attempt(membersApi.previewInvitation(context, params.teamId ?? "", key)) : null,
  ]);
  const error = !key
    ? "invalidRejectToken"
    : previewed?.refusal
      ? `errors.${previewed.refusal.errorCode}`
      : null;
  const invitation = previewed && !previewed.refusal ? previewed.value.body : null;
  return data({ error, invitation, title: t("invitation.rejectTitle") });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const key = linkParameters(request).get("key") ?? "";
  if (!key) return data({ rejected: false, error: "invalidRejectToken" }, 400);
  const { refusal } = await attempt(membersApi.rejectInvitation(context, params.teamId ?? "", key));
  if (refusal)
    return data({ rejected: false, error: `errors.${refusal.errorCode}` }, refusal.statusCode);
  return data({ rejected: true, error: null });
}

export default function RejectInvitationPage() {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const { error, invitation } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const problem = error ?? answer?.error ?? null;
  return (
    <AuthCard title={t("invitation.rejectTitle")}>
      {answer?.rejected ? (
        <Flex direction="column" gap="4">
          <Callout.Root role="status">
            <Callout.Text>{t("invitation.rejected")}</Callout.Text>
          </Callout.Root>
          <Button asChild variant="soft">
            <Link to="/">{t("invitation.home")}</Link>
          </Button>
        </Flex>
      ) : (
        <>
          {problem ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{message(problem)}</Callout.Text>
            </Callout.Root>
          ) : null}
          {error ? null : (
            <Form method="post">
              <Flex direction="column" gap="4">
                {invitation ? <InvitationSummary invitation={invitation} /> : null}
                <Text as="p">{t("invitation.rejectIntro")}</Text>
                <Button type="submit" size="3" color="red" loading={busy}>
                  {t("invitation.reject")}
                </Button>
              </Flex>
            </Form>
          )}
        </>
      )}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
