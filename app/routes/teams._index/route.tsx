import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { createTeam } from "#app/teams/create-team.server.ts";
import { DeletedBanner, DeletedTeams } from "#app/teams/deleted-teams.tsx";
import { restoreTeam } from "#app/teams/restore-team.server.ts";
import { TeamChooser } from "#app/teams/team-chooser.tsx";
import { loadDeletedTeams, loadTeamPage } from "#app/teams/team-list.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/** The signed-in landing page: the caller's teams; exactly one team opens it straight away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const [user, page, deleted, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    loadTeamPage(request, context, auth),
    loadDeletedTeams(context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  const creating = query.has("create");
  const [only] = page.teams;
  // An owner with deleted teams stays here, where they can be restored (ADR 094).
  if (
    only &&
    page.teams.length === 1 &&
    !page.lastKey &&
    !page.q &&
    !page.after &&
    !creating &&
    deleted.length === 0
  ) {
    throw redirect(teamPath(only), { headers: auth.headers });
  }
  const justDeleted = query.get("deleted");
  return data(
    {
      ...page,
      deleted,
      justDeleted: deleted.find((team) => team.teamId === justDeleted) ?? null,
      creating,
      canCreate: user.userScope === "global",
      name: displayNameOf(user),
      title: t("list.metaTitle"),
    },
    { headers: auth.headers },
  );
}

/** Creating a team, or (intent restore) restoring a deleted one. */
export async function action({ request, context }: ActionFunctionArgs) {
  // Read once, through the host's guard (a body it cannot read is a 400; ADR 021).
  const form = await request.formData();
  if (form.get("intent") === "restore") return restoreTeam(request, context, form);
  return createTeam(request, context, form);
}

export default function TeamsPage() {
  const { t } = useTranslation("teams");
  const page = useLoaderData<typeof loader>();
  return (
    <TeamChooser
      title={t("list.title")}
      path="/teams"
      action="/teams?index&create"
      page={page}
      lastResult={useActionData<typeof createTeam>()}
      after={<DeletedTeams teams={page.deleted} action="/teams?index" />}
    >
      {page.justDeleted ? <DeletedBanner team={page.justDeleted} action="/teams?index" /> : null}
      <Text as="p" size="3">
        {t("list.welcome", { name: page.name })}
      </Text>
    </TeamChooser>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
