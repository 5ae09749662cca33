import { Flex, Heading } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TeamList } from "#app/components/team-list.tsx";
import { requireAuth } from "#app/services/auth.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { loadTeamPage } from "#app/services/team-list.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/** The team list without the one-team shortcut: where the header's team switch leads. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [page, t] = await Promise.all([
    loadTeamPage(request, context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  return data({ ...page, title: t("list.switchMetaTitle") }, { headers: auth.headers });
}

export default function SwitchTeamPage() {
  const { t } = useTranslation("teams");
  const page = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Heading as="h1" size="7">
        {t("list.switchTitle")}
      </Heading>
      <TeamList page={page} path="/switch-team" />
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
