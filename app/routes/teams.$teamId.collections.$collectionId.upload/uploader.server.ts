import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { screenSearch } from "#app/files/files-filters.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canCreateFile } from "#domain/roles.ts";

/** The team, the collection, where to go back, or back there with "forbidden". */
export async function requireUploader(
  request: Request,
  args: LoaderFunctionArgs | ActionFunctionArgs,
) {
  const { context, params } = args;
  const { auth, team, base: teamBase } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const base = `${teamBase}/collections/${encodeURIComponent(collectionId)}`;
  const back = `${base}${screenSearch(new URL(request.url).searchParams)}`;
  const { body: collection } = await orGoBack(
    collectionsApi.get(context, auth.accessToken, team.teamId, collectionId),
    { request, context, to: teamBase, auth },
  );
  const allowed = canCreateFile(team.memberRole, {
    collectionMode: collection.mode,
    collectionCreatedBy: collection.createdBy,
    userId: userIdOf(auth),
  });
  if (!allowed) {
    throw await redirectWithToast(
      request,
      context,
      back,
      { type: "error", message: "messages:errors.forbidden" },
      { headers: auth.headers },
    );
  }
  return { auth, team, collection, base, back };
}
