import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { trashApi } from "#app/services/api/trash.server.ts";
import { closeAsForbidden, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canEmptyTrash } from "#domain/roles.ts";
import type { TrashKind } from "./trash-rows.ts";

/*
 * Delete one item of the trash forever (owners and admins, ADR 093): the question's loader and
 * action of `trash/files/{fileId}/delete` and `trash/collections/{collectionId}/delete`.
 */

async function load({ request, context, params }: LoaderFunctionArgs, kind: TrashKind, id: string) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = `${base}/trash`;
  const goBack = { request, context, to: back, auth };
  if (!canEmptyTrash(team.memberRole)) throw await closeAsForbidden(request, context, back);
  return { auth, team, back, goBack, kind, id };
}

/** How many of the trash's pages the question looks through for the item's name. */
const NAME_PAGES = 5;

/**
 * The question's data: the item's name, from the trash's first pages (the API has no call for
 * one trashed item); null past them, and the question says "this file" instead.
 */
export async function purgeLoader(args: LoaderFunctionArgs, kind: TrashKind, id: string) {
  const { context } = args;
  const { auth, team, back, goBack } = await load(args, kind, id);
  let name: string | null = null;
  let cursor: string | null = "";
  for (let pages = 0; name === null && cursor !== null && pages < NAME_PAGES; pages++) {
    const { body }: Awaited<ReturnType<typeof trashApi.list>> = await orGoBack(
      trashApi.list(context, auth.accessToken, team.teamId, cursor ? { cursor } : {}),
      goBack,
    );
    name = body.items.find((one) => one.type === kind && one.id === id)?.name ?? null;
    cursor = body.nextCursor;
  }
  return data({ back, kind, name }, { headers: auth.headers });
}

/** Deletes it forever; back to the trash saying so (or why not). */
export async function purgeAction(args: LoaderFunctionArgs, kind: TrashKind, id: string) {
  const { request, context } = args;
  const { auth, team, back, goBack } = await load(args, kind, id);
  await orGoBack(trashApi.purge(context, auth.accessToken, team.teamId, kind, id), goBack);
  return redirectWithToast(
    request,
    context,
    back,
    { type: "success", message: "teams:trash.deletedForever" },
    { status: 303, headers: auth.headers },
  );
}
