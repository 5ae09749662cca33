import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { createTeam } from "#app/teams/create-team.server.ts";
import { TeamChooser } from "#app/teams/team-chooser.tsx";
import { loadTeamPage } from "#app/teams/team-list.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * The team list without the one-team shortcut: where the header's team switch leads. It is the
 * team chooser of docs/product.md#screens too, so it opens the create-team dialog (`?create`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [user, page, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    loadTeamPage(request, context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  const canCreate = user.userScope === "global";
  const creating = canCreate && new URL(request.url).searchParams.has("create");
  return data(
    { ...page, canCreate, creating, title: t("list.switchMetaTitle") },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createTeam(request, context);
}

export default function SwitchTeamPage() {
  const { t } = useTranslation("teams");
  return (
    <TeamChooser
      title={t("list.switchTitle")}
      path="/switch-team"
      action="/switch-team?create"
      page={useLoaderData<typeof loader>()}
      lastResult={useActionData<typeof action>()}
    />
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
