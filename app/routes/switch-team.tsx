import { Flex, Heading } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CreateTeamDialog, CreateTeamLink } from "#app/components/create-team-dialog.tsx";
import { TeamList } from "#app/components/team-list.tsx";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { createTeam } from "#app/services/create-team.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { loadTeamPage } from "#app/services/team-list.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * The team list without the one-team shortcut: where the header's team switch leads. It is the
 * team chooser of spec section 2 too, so it opens the create-team dialog (`?create`).
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
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const search = page.q ? `?${new URLSearchParams({ q: page.q })}` : "";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {t("list.switchTitle")}
        </Heading>
        {page.canCreate ? <CreateTeamLink path="/switch-team" q={page.q} /> : null}
      </Flex>
      <TeamList page={page} path="/switch-team" />
      {page.creating ? (
        <CreateTeamDialog
          action="/switch-team?create"
          closeTo={`/switch-team${search}`}
          lastResult={lastResult}
        />
      ) : null}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
