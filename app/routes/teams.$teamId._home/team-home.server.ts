import { redirect } from "@remix-run/node";
import { readFilters } from "#app/collections/collections-filters.ts";
import { loadCollectionPage } from "#app/collections/collections-page.server.ts";
import { today } from "#app/filters/date-range.ts";
import { detectLocale } from "#app/i18n/language.server.ts";
import type { WebContext } from "#app/load-context.ts";
import { type MemberPage, memberPage, memberPageQuery } from "#app/members/member-page.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { type Auth, userIdOf } from "#app/services/auth.server.ts";
import { deferFor } from "#app/services/streaming.server.ts";
import type { CollectionsScreenData } from "./collections-screen.tsx";

/**
 * What the team's home shows for this address: the members panel's page (`mq`, `mafter`), the
 * people the creator and tagged choices offer, and the collections under the address's filters.
 * The API takes the address's id or alias as it is.
 */
export async function loadTeamHome(
  request: Request,
  context: WebContext,
  auth: Auth,
  params: { teamId?: string },
): Promise<{ members: MemberPage } & CollectionsScreenData> {
  const teamParam = params.teamId ?? "";
  const base = `/teams/${encodeURIComponent(teamParam)}`;
  const query = new URL(request.url).searchParams;
  const { q, after } = memberPageQuery(query);
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
  const members = memberPage(body, { q, after });
  // The people the creator and tagged chips choose from: the panel's first page of members.
  const people = (
    q || after
      ? (await membersApi.list(context, auth.accessToken, teamParam)).body.members
      : body.members
  ).map(({ userId, nickname }) => ({ userId, nickname }));
  const locale = await detectLocale(request);
  const page = () =>
    loadCollectionPage(context, auth.accessToken, teamParam, filters, userIdOf(auth), locale);
  // A page link without JavaScript is awaited; the first page streams to browsers that can.
  const collections = filters.cursor ? { streamed: await page() } : await deferFor(request, page());
  return { members, collections, filters, me: userIdOf(auth), today: today(), people };
}
