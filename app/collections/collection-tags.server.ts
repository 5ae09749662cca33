import type { WebContext } from "#app/load-context.ts";
import { type Member, membersApi } from "#app/services/api/members.server.ts";
import { COLLECTION_TAGS_MAX } from "#domain/constants.ts";

/** The API's largest page of members. */
const MEMBERS_PER_PAGE = 100;
/** Pages read at most: a team past 5,000 members offers its first 5,000. */
const MAX_PAGES = 50;

export type TaggableMember = Pick<Member, "userId" | "nickname" | "role">;

/**
 * The members a collection may tag: the team's active members, every page of them, in the
 * API's order (by nickname). Tags are user ids of active members (docs/product.md#collection-modes).
 */
export async function taggableMembers(
  context: WebContext,
  accessToken: string,
  teamId: string,
): Promise<TaggableMember[]> {
  const members: TaggableMember[] = [];
  let lastKey: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { body } = await membersApi.list(context, accessToken, teamId, {
      limit: MEMBERS_PER_PAGE,
      ...(lastKey ? { lastKey } : {}),
    });
    for (const { userId, nickname, role, status } of body.members) {
      if (status === "active") members.push({ userId, nickname, role });
    }
    lastKey = body.pagination.lastKey ?? undefined;
    if (!lastKey) break;
  }
  return members;
}

/**
 * The tag form's choice: the ticked user ids, once each, among those the form offered (a
 * forged id is the API's to refuse, so it is passed on). Null when there are too many.
 */
export function tickedMembers(form: FormData): string[] | null {
  const ticked = [
    ...new Set(form.getAll("member").filter((value): value is string => typeof value === "string")),
  ].filter((value) => value.length > 0);
  return ticked.length > COLLECTION_TAGS_MAX ? null : ticked;
}
