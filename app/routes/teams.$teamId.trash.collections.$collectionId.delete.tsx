import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { purgeAction, purgeLoader } from "#app/trash/purge.server.ts";
import { PurgeDialog } from "#app/trash/purge-dialog.tsx";

export const handle = { i18n: ["common", "teams", "messages"] };

/** Delete a collection of the trash forever (owners and admins, ADR 093): a question over the trash. */
export const loader = (args: LoaderFunctionArgs) =>
  purgeLoader(args, "collection", args.params.collectionId ?? "");

export const action = (args: ActionFunctionArgs) =>
  purgeAction(args, "collection", args.params.collectionId ?? "");

export default function PurgeCollectionDialog() {
  return <PurgeDialog />;
}
