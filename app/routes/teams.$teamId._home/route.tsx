import { Badge, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "#app/components/avatar.tsx";
import { today } from "#app/components/date-range.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth, userIdOf } from "#app/services/auth.server.ts";
import { deferFor } from "#app/services/streaming.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { readFilters } from "./collections-filters.ts";
import { loadCollectionPage } from "./collections-page.server.ts";
import { CollectionsScreen, type CollectionsScreenData } from "./collections-screen.tsx";
import { type MemberPage, MembersPanel } from "./members-panel.tsx";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/**
 * A team's home (the collections and the members panel) and the frame its dialogs (child
 * routes) open over. The team itself comes from the parent route, loaded in parallel; the API
 * takes the address's id or alias as it is.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const base = `/teams/${encodeURIComponent(teamParam)}`;
  const query = new URL(request.url).searchParams;
  const q = query.get("mq")?.trim() ?? "";
  const after = query.get("mafter") ?? "";
  const filters = readFilters(query);
  const listed = await attempt(
    membersApi.list(context, auth.accessToken, teamParam, { prefix: q, lastKey: after }),
  );
  if (listed.refusal) {
    // A "more members" link from an older list: start again from the first page. (A team that
    // does not answer at all is the route error mapping's: /404.)
    if (after || q) throw redirect(base, { headers: auth.headers });
    throw listed.refusal;
  }
  const { body } = listed.value;
  const members = { members: body.members, lastKey: body.pagination.lastKey, q, after };
  // The people the creator and tagged chips choose from: the panel's first page of members.
  const people = (
    q || after
      ? (await membersApi.list(context, auth.accessToken, teamParam)).body.members
      : body.members
  ).map(({ userId, nickname }) => ({ userId, nickname }));
  const page = () =>
    loadCollectionPage(context, auth.accessToken, teamParam, filters, userIdOf(auth));
  // A page link without JavaScript is awaited; the first page streams to browsers that can.
  const collections = filters.cursor ? { streamed: await page() } : await deferFor(request, page());
  return data(
    {
      members,
      collections,
      filters,
      me: userIdOf(auth),
      today: today(),
      people,
    } satisfies { members: MemberPage } & CollectionsScreenData,
    { headers: auth.headers },
  );
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
        <CollectionsScreen data={data} base={base} role={team.memberRole} teamMode={team.mode} />
      </Flex>
      <MembersPanel page={members} base={base} role={team.memberRole} />
      <Outlet />
    </div>
  );
}
