import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCollectionDialog } from "#app/collections/collection-dialog.server.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { trashApi } from "#app/services/api/trash.server.ts";
import { closeWithError, orGoBack } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canDeleteCollection } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Move a collection to the trash with its files (the collection menu, ADR 093): a question
 * first, then back to the list with a snackbar that can undo it.
 */

async function load(args: LoaderFunctionArgs) {
  const dialog = await loadCollectionDialog(args);
  if (!canDeleteCollection(dialog.team.memberRole)) {
    throw await closeWithError(dialog.goBack, "forbidden");
  }
  return dialog;
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, back, collection, team } = await load(args);
  // The days of the owner's plan (ADR 092), as the API says them.
  return data(
    { back, name: collection.name, days: team.trashRetentionDays },
    { headers: auth.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  const { auth, team, back, goBack, collection } = await load(args);
  await orGoBack(
    trashApi.deleteCollection(context, auth.accessToken, team.teamId, collection.collectionId),
    goBack,
  );
  return redirectWithToast(
    request,
    context,
    back,
    {
      type: "success",
      message: "collections:delete.moved",
      values: { name: collection.name },
      undo: {
        action: `/teams/${encodeURIComponent(params.teamId ?? team.teamId)}/trash`,
        fields: { intent: "restore", kind: "collection", id: collection.collectionId, back },
      },
    },
    { status: 303, headers: auth.headers },
  );
}

export default function DeleteCollectionDialog() {
  const { t } = useTranslation("collections");
  const { name, back, days } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={t("delete.title")}
      message={t("delete.question", { name, count: days })}
      closeTo={back}
      closeLabel={t("delete.close")}
      cancelLabel={t("delete.cancel")}
      submitLabel={t("delete.submit")}
      danger
    />
  );
}
