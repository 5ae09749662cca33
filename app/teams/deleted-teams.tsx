import { Form } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TeamListItem } from "#app/services/api/teams.server.ts";
import { dateTimeFormat } from "#domain/format.ts";

/**
 * The owner's deleted teams on /teams (ADR 094): the banner right after a deletion, and the
 * "Recently deleted" section, each with a Restore button that is a plain form post.
 */

function RestoreForm({ team, action }: { team: TeamListItem; action: string }) {
  const { t } = useTranslation("teams");
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="teamId" value={team.teamId} />
      <Button
        type="submit"
        size="2"
        variant="soft"
        aria-label={t("deleted.restoreTeam", { name: team.teamName })}
      >
        {t("deleted.restore")}
      </Button>
    </Form>
  );
}

/** "“Team” was deleted. Restore", after the deletion's redirect. */
export function DeletedBanner({ team, action }: { team: TeamListItem; action: string }) {
  const { t } = useTranslation("teams");
  return (
    <Callout.Root color="gray" role="status">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Callout.Text>{t("deleted.banner", { name: team.teamName })}</Callout.Text>
        <RestoreForm team={team} action={action} />
      </Flex>
    </Callout.Root>
  );
}

export function DeletedTeams({ teams, action }: { teams: TeamListItem[]; action: string }) {
  const { t, i18n } = useTranslation("teams");
  if (teams.length === 0) return null;
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  return (
    <section aria-labelledby="recently-deleted">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="recently-deleted">
          {t("deleted.title")}
        </Heading>
        <Text as="p" size="2" color="gray">
          {t("deleted.hint")}
        </Text>
        <ul className="team-list">
          {teams.map((team) => (
            <li key={team.teamId}>
              <Card size="2">
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Flex direction="column" gap="1" minWidth="0">
                    <Text weight="bold" className="truncate">
                      {team.teamName}
                    </Text>
                    <Text size="2" color="gray">
                      {t("deleted.purgeAt", { date: day.format(team.teamPurgeAt ?? 0) })}
                    </Text>
                  </Flex>
                  <RestoreForm team={team} action={action} />
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </section>
  );
}
