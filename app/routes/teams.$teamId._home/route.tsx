import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { UserAvatar } from "#app/components/avatar.tsx";
import { Badge } from "#app/components/badge.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { CollectionsScreen } from "./collections-screen.tsx";
import { MembersPanel } from "./members-panel.tsx";
import { loadTeamHome } from "./team-home.server.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/**
 * A team's home (the collections and the members panel) and the frame its dialogs (child
 * routes) open over. The team itself comes from the parent route, loaded in parallel.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const home = await loadTeamHome(request, context, auth, params);
  return data(home, { headers: auth.headers });
}

export default function TeamHome() {
  const { t } = useTranslation("teams");
  const data = useLoaderData<typeof loader>();
  const { members } = data;
  const { team, base } = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID) as TeamRouteData;
  return (
    <div className="team-layout">
      <Flex direction="column" gap="5">
        <Flex gap="4" align="center" wrap="wrap">
          <UserAvatar url={team.logoUrl} name={team.name} size={64} />
          <Flex direction="column" gap="1">
            <Heading as="h1" size="7">
              {team.name}
            </Heading>
            {team.description ? (
              <Text as="p" color="gray">
                {team.description}
              </Text>
            ) : null}
            <Flex gap="2" wrap="wrap">
              <Badge>{t("home.yourRole", { role: t(`roles.${team.memberRole}`) })}</Badge>
              <Badge color="gray">{t("home.mode", { mode: t(`modes.${team.mode}`) })}</Badge>
            </Flex>
          </Flex>
        </Flex>
        {team.membersWithoutCollections ? (
          // For the owner and admins, who can fix it (docs/product.md#visibility).
          <Callout.Root color="amber" highContrast role="note">
            <Callout.Text>
              <strong>{t("home.unreached", { count: team.membersWithoutCollections })}</strong>{" "}
              {t("home.unreachedFix")}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <CollectionsScreen data={data} base={base} role={team.memberRole} teamMode={team.mode} />
      </Flex>
      <MembersPanel page={members} base={base} role={team.memberRole} />
      <Outlet />
    </div>
  );
}
