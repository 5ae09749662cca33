import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { screenSearch } from "#app/files/files-filters.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import { trashApi } from "#app/services/api/trash.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { closeWithError, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canDeleteFile } from "#domain/roles.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/*
 * Move a file to the trash (the file menu and the preview, ADR 093): a question first, then back
 * to the files with a snackbar that can undo it. `preview` (from the preview) makes Cancel go
 * back to the file's preview rather than the list.
 */

async function loadFile(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { request, context, params } = args;
  const { auth, team, base: teamBase } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const fileId = params.fileId ?? "";
  const url = new URL(request.url);
  const search = screenSearch(url.searchParams);
  const collectionBase = `${teamBase}/collections/${encodeURIComponent(collectionId)}`;
  const back = `${collectionBase}${search}`;
  const goBack = { request, context, to: back, auth };
  const [{ body: file }, { body: collection }] = await orGoBack(
    Promise.all([
      filesApi.get(context, auth.accessToken, team.teamId, collectionId, fileId),
      collectionsApi.get(context, auth.accessToken, team.teamId, collectionId),
    ]),
    goBack,
  );
  if (!canDeleteFile({ userId: userIdOf(auth), role: team.memberRole }, file, collection)) {
    throw await closeWithError(goBack, "forbidden");
  }
  const cancel = url.searchParams.has("preview")
    ? `${collectionBase}/files/${encodeURIComponent(file.fileId)}${search}`
    : back;
  return { auth, team, teamBase, file, back, cancel, goBack };
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, team, file, cancel } = await loadFile(args);
  // The days of the owner's plan (ADR 092), as the API says them.
  return data(
    { name: file.name, cancel, days: team.trashRetentionDays },
    { headers: auth.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, teamBase, file, back, goBack } = await loadFile(args);
  await orGoBack(
    trashApi.deleteFile(context, auth.accessToken, team.teamId, file.collectionId, file.fileId),
    goBack,
  );
  return redirectWithToast(
    request,
    context,
    back,
    {
      type: "success",
      message: "files:delete.moved",
      values: { name: file.name },
      undo: {
        action: `${teamBase}/trash`,
        fields: { intent: "restore", kind: "file", id: file.fileId, back },
      },
    },
    { status: 303, headers: auth.headers },
  );
}

export default function DeleteFileDialog() {
  const { t } = useTranslation("files");
  const { name, cancel, days } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={t("delete.title")}
      message={t("delete.question", { name, count: days })}
      closeTo={cancel}
      closeLabel={t("delete.close")}
      cancelLabel={t("delete.cancel")}
      submitLabel={t("delete.submit")}
      danger
    />
  );
}
