import type { Member } from "#app/services/api/members.server.ts";

/**
 * One page of the members panel on the team's home (docs/product.md#screens), as the home's loader
 * and the panel's "load more" route (`…/members-page`) both answer it: the members, the next page's
 * key, and the search and page the address asked for (`mq`, `mafter`).
 */
export interface MemberPage {
  members: Member[];
  lastKey: string | null;
  q: string;
  after: string;
}

/** The panel's search (`mq`) and page (`mafter`) in an address's query. */
export function memberPageQuery(search: URLSearchParams) {
  return { q: search.get("mq")?.trim() ?? "", after: search.get("mafter") ?? "" };
}

/** The panel's page from the API's list of members. */
export function memberPage(
  body: { members: Member[]; pagination: { lastKey: string | null } },
  { q, after }: { q: string; after: string },
): MemberPage {
  return { members: body.members, lastKey: body.pagination.lastKey, q, after };
}
