import { Link, useRouteLoaderData } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";

/**
 * A collection of the team the caller may not see (ADR 071): what it is, why they cannot open it
 * (their role sees only their own and the collaborative collections), and whom to ask: its
 * creator, or the team's owner or an admin, who may share it with every member.
 */
export function HiddenCollectionPage({ creator }: { creator: string | null }) {
  const { t } = useTranslation("files");
  const { team, base } = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID) as TeamRouteData;
  return (
    <Flex direction="column" gap="4" align="start" className="page narrow">
      <Text size="2" color="gray">
        {t("hidden.status")}
      </Text>
      <Heading as="h1" size="7">
        {t("hidden.title")}
      </Heading>
      <Text as="p" size="3">
        {t("hidden.why", { team: team.name })}
      </Text>
      <Text as="p" size="3">
        {creator ? t("hidden.askCreator", { creator }) : t("hidden.askAdmins")}
      </Text>
      <Button asChild size="3">
        <Link to={base}>
          <Icon name="arrow-left" />
          {t("hidden.back", { team: team.name })}
        </Link>
      </Button>
    </Flex>
  );
}
