import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { RenameDialog } from "#app/components/rename-dialog.tsx";
import { filtersHref, readFilters } from "#app/routes/teams.$teamId._home/collections-filters.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { renameAction } from "#app/services/rename.server.ts";
import { closeWithError, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { canRenameCollection } from "#domain/roles.ts";
import { collectionNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Rename a collection (the row menu, spec section 2). Save is disabled while the trimmed name is
 * unchanged; the API's refusal closes the dialog with an error toast (spec section 8).
 */

const RenameSchema = z.object({ name: collectionNameSchema });

/** The caller, the team, the collection, and the team page with the dialog's filters. */
async function load(
  request: Request,
  context: LoaderFunctionArgs["context"],
  params: LoaderFunctionArgs["params"],
) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = filtersHref(base, readFilters(new URL(request.url).searchParams));
  const goBack = { request, context, to: back, auth };
  const { body: collection } = await orGoBack(
    collectionsApi.get(context, auth.accessToken, team.teamId, params.collectionId ?? ""),
    goBack,
  );
  if (!canRenameCollection({ userId: userIdOf(auth), role: team.memberRole }, collection)) {
    throw await closeWithError(goBack, "forbidden");
  }
  return { auth, team, back, collection };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, back, collection } = await load(request, context, params);
  return data({ back, name: collection.name }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, back, collection } = await load(request, context, params);
  return renameAction({
    request,
    context,
    auth,
    to: back,
    current: collection.name,
    schema: RenameSchema,
    rename: (name) =>
      collectionsApi.patch(context, auth.accessToken, team.teamId, collection.collectionId, [
        { op: "replace", path: "/name", value: name },
      ]),
    toasts: { unchanged: "collections:toasts.unchanged", renamed: "collections:toasts.renamed" },
  });
}

export default function RenameCollectionDialog() {
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <RenameDialog
      formId="rename-collection"
      name={name}
      schema={RenameSchema}
      closeTo={back}
      namespace="collections"
    />
  );
}
