import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { createTeam } from "#app/teams/create-team.server.ts";
import { TeamChooser } from "#app/teams/team-chooser.tsx";
import { loadTeamPage } from "#app/teams/team-list.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/** The signed-in landing page: the caller's teams; exactly one team opens it straight away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const [user, page, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    loadTeamPage(request, context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  const creating = query.has("create");
  const [only] = page.teams;
  if (only && page.teams.length === 1 && !page.lastKey && !page.q && !page.after && !creating) {
    throw redirect(teamPath(only), { headers: auth.headers });
  }
  return data(
    {
      ...page,
      creating,
      canCreate: user.userScope === "global",
      name: displayNameOf(user),
      title: t("list.metaTitle"),
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createTeam(request, context);
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
      lastResult={useActionData<typeof action>()}
    >
      <Text as="p" size="3">
        {t("list.welcome", { name: page.name })}
      </Text>
    </TeamChooser>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
