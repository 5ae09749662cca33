import { Flex, Heading, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CreateTeamDialog, CreateTeamLink } from "#app/components/create-team-dialog.tsx";
import { TeamList } from "#app/components/team-list.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { createTeam } from "#app/services/create-team.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { loadTeamPage } from "#app/services/team-list.server.ts";
import { teamPath } from "#app/services/teams.ts";

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
  const lastResult = useActionData<typeof action>();
  const search = page.q ? `?${new URLSearchParams({ q: page.q })}` : "";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {t("list.title")}
        </Heading>
        {page.canCreate ? <CreateTeamLink path="/teams" q={page.q} /> : null}
      </Flex>
      <Text as="p" size="3">
        {t("list.welcome", { name: page.name })}
      </Text>
      <TeamList page={page} path="/teams" />
      {page.creating && page.canCreate ? (
        <CreateTeamDialog
          action="/teams?index&create"
          closeTo={`/teams${search}`}
          lastResult={lastResult}
        />
      ) : null}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
