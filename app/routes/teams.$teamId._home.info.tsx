import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataList } from "#app/components/data-list.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { memberNickname } from "#app/services/api/members.server.ts";
import { requireTeam } from "#app/services/team-route.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/** Team info (docs/product.md#screens, Header): everything a member may know about the team. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const owner = (await memberNickname(context, auth.accessToken, team.teamId, team.ownerId)) ?? "";
  return data({ team, base, owner }, { headers: auth.headers });
}

export default function TeamInfoDialog() {
  const { t, i18n } = useTranslation("teams");
  const { team, base, owner } = useLoaderData<typeof loader>();
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(
    team.createdAt,
  );
  return (
    <RouteDialog title={t("info.title")} closeTo={base} closeLabel={t("info.close")}>
      <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
        <DataList.Item>
          <DataList.Label>{t("info.description")}</DataList.Label>
          <DataList.Value>{team.description || t("info.noDescription")}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.members")}</DataList.Label>
          <DataList.Value>{team.membersCount}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.collections")}</DataList.Label>
          <DataList.Value>{team.collectionsCount}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.mode")}</DataList.Label>
          <DataList.Value>
            <Flex direction="column">
              <Text>{t(`modes.${team.mode}`)}</Text>
              <Text size="1" color="gray">
                {t(`modes.${team.mode}Hint`)}
              </Text>
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.owner")}</DataList.Label>
          <DataList.Value>{owner}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.created")}</DataList.Label>
          <DataList.Value>
            <time dateTime={new Date(team.createdAt).toISOString()}>{created}</time>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("info.aliases")}</DataList.Label>
          <DataList.Value>
            {team.aliases.length === 0 ? (
              t("info.noAliases")
            ) : (
              <ul className="plain-list">
                {team.aliases.map((alias) => (
                  <li key={alias}>
                    <Flex align="center" gap="1">
                      <Text>{alias}</Text>
                      {alias === team.starAlias ? (
                        <Icon name="star-filled" label={t("info.star")} />
                      ) : null}
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </RouteDialog>
  );
}
