import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { memberPage, memberPageQuery } from "#app/members/member-page.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";

/*
 * The next page of the members panel for the "load more" fetcher (with JavaScript). The team
 * page is a pathless layout, which a fetcher cannot address; without JavaScript the same link is
 * the team page with `?mafter=`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = memberPageQuery(new URL(request.url).searchParams);
  const { body } = await membersApi.list(context, auth.accessToken, params.teamId ?? "", {
    prefix: query.q,
    lastKey: query.after,
  });
  return data({ members: memberPage(body, query) }, { headers: auth.headers });
}

/** Nothing over the team page, should anyone open the address itself. */
export default function MembersPage() {
  return null;
}
