import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { readFilters } from "#app/collections/collections-filters.ts";
import { loadCollectionPage } from "#app/collections/collections-page.server.ts";
import { detectLocale } from "#app/i18n/language.server.ts";
import { requireAuth, userIdOf } from "#app/services/auth.server.ts";

/*
 * The next page of the collections list for the "load more" fetcher (with JavaScript). The team
 * page itself is a pathless layout, which a fetcher cannot address; without JavaScript the same
 * link is the team page with `?cursor=`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const filters = readFilters(new URL(request.url).searchParams);
  const page = await loadCollectionPage(
    context,
    auth.accessToken,
    params.teamId ?? "",
    filters,
    userIdOf(auth),
    await detectLocale(request),
  );
  return data({ page }, { headers: auth.headers });
}

/** Nothing over the team page, should anyone open the address itself. */
export default function CollectionsPage() {
  return null;
}
