import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Field, FormErrors, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { closeAsForbidden, closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { DeleteTeamSchema } from "#app/teams/delete-team.schemas.ts";
import { dateTimeFormat } from "#domain/format.ts";
import { canDeleteTeam } from "#domain/roles.ts";

// Deleting a team (owner only; ADR 094): a dialog over the team's home that says what goes, asks
// for the team's name and, once deleted, goes to /teams, where the team can be restored.

const loadSchema = () =>
  import("#app/teams/delete-team.schemas.ts").then((module) => module.DeleteTeamSchema);

export const handle = { i18n: ["common", "teams", "messages"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!canDeleteTeam(team.memberRole)) return closeAsForbidden(request, context, base);
  const { body: summary } = await teamsApi.deletion(context, auth.accessToken, team.teamId);
  // The days of the owner's plan (ADR 094), as the API says them.
  return data({ summary, base, days: team.trashRetentionDays }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const submission = parseWithZod(await request.formData(), { schema: DeleteTeamSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const outcome = await attempt(
    teamsApi.remove(context, auth.accessToken, team.teamId, submission.value.name),
  );
  if (outcome.refusal?.errorCode === "teamNameMismatch") {
    return data(submission.reply({ fieldErrors: { name: ["errors.teamNameMismatch"] } }), {
      status: 400,
      headers: auth.headers,
    });
  }
  if (outcome.refusal) {
    throw await closeWithError({ request, context, to: base, auth }, outcome.refusal.errorCode);
  }
  // /teams says it was deleted, with a Restore button (app/teams/deleted-teams.tsx).
  return redirect(`/teams?${new URLSearchParams({ deleted: team.teamId })}`, {
    status: 303,
    headers: auth.headers,
  });
}

export default function DeleteTeamDialog() {
  const { summary, base, days } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("teams");
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadSchema, { id: "delete-team", lastResult });
  const typed = (fields.name.value ?? "").trim();
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  return (
    <RouteDialog title={t("delete.title")} closeTo={base} closeLabel={t("delete.close")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Callout.Root color="red" role="note">
            <Callout.Text>
              {t("delete.what", {
                collections: t("delete.collections", { count: summary.collectionsCount }),
                files: t("delete.files", { count: summary.filesCount }),
              })}
            </Callout.Text>
            <Callout.Text>
              {t("delete.restore", {
                count: days,
                date: day.format(summary.purgeAt),
              })}
            </Callout.Text>
          </Callout.Root>
          <Text as="p" size="2" color="gray">
            {t("delete.storage")}
          </Text>
          <Field
            meta={fields.name}
            label={t("delete.name", { name: summary.name })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end" gap="3" wrap="wrap">
            <Button
              type="submit"
              size="3"
              color="red"
              variant="soft"
              loading={busy}
              disabled={hydrated && typed !== summary.name.trim()}
            >
              {t("delete.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
