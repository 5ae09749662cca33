import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCollectionDialog } from "#app/collections/collection-dialog.server.ts";
import { CollectionRenameSchema } from "#app/rename/rename.schemas.ts";
import { renameAction } from "#app/rename/rename.server.ts";
import { RenameDialog } from "#app/rename/rename-dialog.tsx";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { closeWithError } from "#app/services/team-route.server.ts";
import { canRenameCollection } from "#domain/roles.ts";

const loadSchema = () =>
  import("#app/rename/rename.schemas.ts").then((module) => module.CollectionRenameSchema);

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Rename a collection (the row menu, docs/product.md#screens). Save is disabled while the trimmed
 * name is unchanged; the API's refusal closes the dialog with an error toast
 * (docs/product.md#client-messages).
 */

/** The collection's dialog, for those who may rename it. */
async function load(args: LoaderFunctionArgs) {
  const dialog = await loadCollectionDialog(args);
  const { auth, team, collection } = dialog;
  if (!canRenameCollection({ userId: userIdOf(auth), role: team.memberRole }, collection)) {
    throw await closeWithError(dialog.goBack, "forbidden");
  }
  return dialog;
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, back, collection } = await load(args);
  return data({ back, name: collection.name }, { headers: auth.headers });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, back, collection } = await load(args);
  return renameAction({
    request,
    context,
    auth,
    to: back,
    current: collection.name,
    schema: CollectionRenameSchema,
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
      loadSchema={loadSchema}
      closeTo={back}
      namespace="collections"
    />
  );
}
