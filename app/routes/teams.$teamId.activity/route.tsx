import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IconButton } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { today } from "#app/filters/date-range.ts";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { activityApi } from "#app/services/api/activity.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { requireTeam } from "#app/services/team-route.server.ts";
import { canSeeActivity } from "#domain/roles.ts";
import { ActivityFilterForm } from "./activity-filter-form.tsx";
import { type ActivityFilters, kindsOf, readActivityFilters } from "./activity-filters.ts";
import { ActivityList, type ActivityPage } from "./activity-list.tsx";

/** The people the person filter offers: the members list's largest page. */
const MEMBERS_OFFERED = 100;

export const handle = { i18n: ["common", "teams", "activity", "collections", "plans", "messages"] };

/**
 * The team's activity log (ADR 091), for its owner and admins: who changed what, newest first,
 * filtered by person, kind and days through a GET form. Others get the API's 403.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!canSeeActivity(team.memberRole)) {
    throw data({ errorCode: "forbidden" }, { status: 403, headers: auth.headers });
  }
  const filters: ActivityFilters = readActivityFilters(new URL(request.url).searchParams);
  const [listed, members, tActivity] = await Promise.all([
    attempt(
      activityApi.list(context, auth.accessToken, team.teamId, {
        actor: filters.actor || undefined,
        kind: kindsOf(filters.kind),
        from: filters.from || undefined,
        to: filters.to || undefined,
        cursor: filters.cursor || undefined,
      }),
    ),
    membersApi.list(context, auth.accessToken, team.teamId, { limit: MEMBERS_OFFERED }),
    i18nServer.getFixedT(request, "activity"),
  ]);
  // A refused filter (an old cursor, days the wrong way round) shows why, with no entries.
  const page: ActivityPage = listed.value?.body ?? { items: [], nextCursor: null };
  const people = members.body.members
    .filter((member) => member.status !== "invited" && member.status !== "invitation_expired")
    .map((member) => ({ userId: member.userId, nickname: member.nickname }));
  return data(
    {
      teamName: team.name,
      title: `${tActivity("metaTitle")} · ${team.name}`,
      base: `${base}/activity`,
      teamBase: base,
      filters,
      page,
      people,
      refused: listed.refusal?.message ?? null,
      now: Date.now(),
      today: today(),
    },
    { headers: auth.headers },
  );
}

export default function ActivityRoute() {
  const { teamName, base, teamBase, filters, page, people, refused, now, today } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("activity");
  return (
    <Flex direction="column" gap="4" className="activity-screen">
      <Flex align="center" gap="3" wrap="wrap">
        <IconButton asChild variant="ghost" size="3">
          <Link to={teamBase} aria-label={t("back", { team: teamName })}>
            <Icon name="arrow-left" size={20} />
          </Link>
        </IconButton>
        <Heading as="h1" size="7">
          {t("title")}
        </Heading>
      </Flex>
      <Text as="p" size="2" color="gray">
        {t("intro")}
      </Text>
      <ActivityFilterForm base={base} filters={filters} people={people} today={today} />
      {refused ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t("filters.invalid", { message: refused })}</Callout.Text>
        </Callout.Root>
      ) : null}
      <ActivityList page={page} filters={filters} base={base} now={now} />
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
