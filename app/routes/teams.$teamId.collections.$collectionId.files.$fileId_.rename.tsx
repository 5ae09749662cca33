import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { screenSearch } from "#app/files/files-filters.ts";
import { fileRenameFormSchema } from "#app/rename/rename.schemas.ts";
import { renameAction } from "#app/rename/rename.server.ts";
import { RenameDialog } from "#app/rename/rename-dialog.tsx";
import { filesApi } from "#app/services/api/files.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { closeWithError, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { fileExtension, fileNameBase } from "#domain/file-names.ts";
import { canRenameFile } from "#domain/roles.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/** The file, the screen to go back to, and whether the caller may rename it at all. */
async function loadFile(request: Request, args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { context, params } = args;
  const { auth, team, base: teamBase } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const back = `${teamBase}/collections/${encodeURIComponent(collectionId)}${screenSearch(new URL(request.url).searchParams)}`;
  const goBack = { request, context, to: back, auth };
  const { body: file } = await orGoBack(
    filesApi.get(context, auth.accessToken, team.teamId, collectionId, params.fileId ?? ""),
    goBack,
  );
  if (!canRenameFile({ userId: userIdOf(auth), role: team.memberRole }, file)) {
    throw await closeWithError(goBack, "forbidden");
  }
  return { auth, team, file, back };
}

/**
 * The name without its extension, which the field holds; the extension is the one the file was
 * uploaded with (docs/product.md#files).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { auth, file, back } = await loadFile(args.request, args);
  const extension = fileExtension(file.originalName);
  return data(
    { name: fileNameBase(file.name, extension), extension, current: file.name, back },
    { headers: auth.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, file, back } = await loadFile(request, args);
  return renameAction({
    request,
    context,
    auth,
    to: back,
    current: file.name,
    schema: fileRenameFormSchema(fileExtension(file.originalName)),
    rename: (name) =>
      filesApi.rename(context, auth.accessToken, team.teamId, file.collectionId, file.fileId, name),
    toasts: { unchanged: "files:toasts.unchanged", renamed: "files:toasts.renamed" },
  });
}

/**
 * The rename dialog (docs/product.md#screens): errors close it with a snackbar
 * (docs/product.md#client-messages).
 */
export default function RenameFileDialog() {
  const { name, extension, current, back } = useLoaderData<typeof loader>();
  const loadSchema = useCallback(
    () =>
      import("#app/rename/rename.schemas.ts").then((module) =>
        module.fileRenameFormSchema(extension),
      ),
    [extension],
  );
  return (
    <RenameDialog
      formId="rename-file"
      name={name}
      extension={extension}
      current={current}
      loadSchema={loadSchema}
      closeTo={back}
      namespace="files"
    />
  );
}
