import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { filtersHref, readFilters } from "./collections-filters.ts";

/**
 * What a dialog over one of the team page's collections starts from: the caller, the team, the
 * collection, the team page with the dialog's filters to go back to, and how to go back there
 * (a collection the caller cannot see closes the dialog with an error snackbar).
 */
export async function loadCollectionDialog({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = filtersHref(base, readFilters(new URL(request.url).searchParams));
  const goBack = { request, context, to: back, auth };
  const { body: collection } = await orGoBack(
    collectionsApi.get(context, auth.accessToken, team.teamId, params.collectionId ?? ""),
    goBack,
  );
  return { auth, team, back, goBack, collection };
}
