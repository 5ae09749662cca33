import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { MemberPage } from "#app/routes/teams.$teamId._home/members-panel.tsx";
import { membersApi } from "#app/services/api/members.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";

/*
 * The next page of the members panel for the "load more" fetcher (with JavaScript). The team
 * page is a pathless layout, which a fetcher cannot address; without JavaScript the same link is
 * the team page with `?mafter=`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const q = query.get("mq")?.trim() ?? "";
  const after = query.get("mafter") ?? "";
  const { body } = await membersApi.list(context, auth.accessToken, params.teamId ?? "", {
    prefix: q,
    lastKey: after,
  });
  const members = { members: body.members, lastKey: body.pagination.lastKey, q, after };
  return data({ members } satisfies { members: MemberPage }, { headers: auth.headers });
}

/** Nothing over the team page, should anyone open the address itself. */
export default function MembersPage() {
  return null;
}
