import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "#app/components/avatar.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { type MemberPage, MembersPanel } from "#app/components/members-panel.tsx";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { requireTeam } from "#app/services/team-route.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * A team's home, by id or alias, and the frame its dialogs (child routes) open over. A 4xx
 * loading the team goes to /404 (spec section 4): a team you are not in does not exist for you.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const query = new URL(request.url).searchParams;
  const q = query.get("mq")?.trim() ?? "";
  const after = query.get("mafter") ?? "";
  const { body } = await membersApi
    .list(context, auth.accessToken, team.teamId, { prefix: q, lastKey: after })
    .catch((error) => {
      // A "more members" link from an older list: start again from the first page.
      if (error instanceof ApiRequestError && error.statusCode < 500) throw redirect(base);
      throw error;
    });
  const members = { members: body.members, lastKey: body.pagination.lastKey, q, after };
  return data({ team, base, members } satisfies TeamRouteData & { members: MemberPage }, {
    headers: auth.headers,
  });
}

export default function TeamHome() {
  const { t } = useTranslation("teams");
  const { team, base, members } = useLoaderData<typeof loader>();
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
        <section aria-labelledby="collections-heading">
          <Heading as="h2" size="5" id="collections-heading" mb="3">
            {t("home.collections")}
          </Heading>
          <Card size="3">
            <Text as="p" color="gray">
              {t("home.noCollections")}
            </Text>
          </Card>
        </section>
      </Flex>
      <MembersPanel page={members} base={base} role={team.memberRole} />
      <Outlet />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.team.name);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
