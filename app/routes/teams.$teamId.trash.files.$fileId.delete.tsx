import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { purgeAction, purgeLoader } from "#app/trash/purge.server.ts";
import { PurgeDialog } from "#app/trash/purge-dialog.tsx";

export const handle = { i18n: ["common", "teams", "messages"] };

/** Delete a file of the trash forever (owners and admins, ADR 093): a question over the trash. */
export const loader = (args: LoaderFunctionArgs) =>
  purgeLoader(args, "file", args.params.fileId ?? "");

export const action = (args: ActionFunctionArgs) =>
  purgeAction(args, "file", args.params.fileId ?? "");

export default function PurgeFileDialog() {
  return <PurgeDialog />;
}
