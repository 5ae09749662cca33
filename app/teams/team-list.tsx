import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { UserAvatar } from "#app/components/avatar.tsx";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { TextField } from "#app/components/fields.tsx";
import { useDebouncedSearch, useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TeamListItem } from "#app/services/api/teams.server.ts";
import { teamPath } from "#app/services/teams.ts";

export interface TeamPage {
  teams: TeamListItem[];
  lastKey: string | null;
  q: string;
  after: string;
}

const pageOfTeams = (data: TeamPage) => ({ items: data.teams, lastKey: data.lastKey });
const teamKey = (team: TeamListItem) => team.teamId;

/**
 * Search by name and the infinite list (docs/product.md#screens). Without JavaScript the search is
 * a GET form and "load more" a link to the next page; with it the search waits for a pause in
 * typing and the next page is fetched and appended as the link scrolls into view.
 */
export function TeamList({ page, path }: { page: TeamPage; path: string }) {
  const { t } = useTranslation("teams");
  const search = useDebouncedSearch();
  const {
    items: teams,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.teams, lastKey: page.lastKey }), [page]),
    hrefFor: (lastKey) =>
      `${path}?${new URLSearchParams({ ...(page.q ? { q: page.q } : {}), after: lastKey })}`,
    pageOf: pageOfTeams,
    keyOf: teamKey,
  });

  return (
    <Flex direction="column" gap="4">
      <Form method="get" action={path} role="search">
        <Flex gap="2" align="end">
          <Flex direction="column" gap="1" flexGrow="1">
            <Text as="label" size="2" weight="medium" htmlFor="team-search">
              {t("list.search")}
            </Text>
            <TextField.Root
              id="team-search"
              size="3"
              type="search"
              name="q"
              defaultValue={page.q}
              autoComplete="off"
              onChange={search}
            />
          </Flex>
          <Button type="submit" size="3" variant="soft">
            {t("list.searchSubmit")}
          </Button>
        </Flex>
      </Form>

      {teams.length === 0 ? (
        <Card size="3">
          <Text as="p" color="gray">
            {page.q ? t("list.noMatch", { query: page.q }) : t("list.empty")}
          </Text>
        </Card>
      ) : (
        <ul className="team-list">
          {teams.map((team) => (
            <li key={team.teamId}>
              <Card asChild size="2">
                <Link to={teamPath(team)} className="team-card">
                  <Flex gap="3" align="center">
                    <UserAvatar url={team.teamLogoUrl} name={team.teamName} size={44} />
                    <Flex direction="column" gap="1" flexGrow="1">
                      <Text weight="bold">{team.teamName}</Text>
                      <Text size="2" color="gray">
                        {t("list.members", { count: team.teamMembersCount })}
                      </Text>
                    </Flex>
                    <Badge>{t(`roles.${team.memberRole}`)}</Badge>
                  </Flex>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <PageLinks
        firstHref={
          page.after ? (page.q ? `${path}?${new URLSearchParams({ q: page.q })}` : path) : null
        }
        next={{ nextHref, moreLinkProps }}
        labels={{ first: t("list.firstPage"), more: t("list.loadMore") }}
      />
    </Flex>
  );
}
