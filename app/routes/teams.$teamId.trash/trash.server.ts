import { redirect } from "@remix-run/node";
import { detectLocale } from "#app/i18n/language.server.ts";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import type { Team } from "#app/services/api/teams.server.ts";
import { trashApi } from "#app/services/api/trash.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { safeRedirectPath } from "#app/services/redirect.ts";
import { closeAsForbidden, closeWithError, orGoBack } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canEmptyTrash } from "#domain/roles.ts";
import { type TrashKind, trashFormats, trashQuestion, trashRow } from "./trash-rows.ts";

/** What the trash screen's loader and action start from: the caller, the team, its address. */
export interface TrashScope {
  request: Request;
  context: WebContext;
  auth: Auth;
  team: Team;
  /** The team's address (`/teams/{teamId}`). */
  base: string;
}

/**
 * One page of the trash (ADR 093), newest deletion first (`cursor` from the address), and the
 * question the address asks (trashQuestion), for owners and admins only. A refusal to show the
 * trash (a viewer) goes back to the team with "not allowed"; a cursor the API does not take is
 * the first page. Delete forever names the item when it is on this page, else says "this file".
 */
export async function loadTrashPage({ request, context, auth, team, base }: TrashScope) {
  const search = new URL(request.url).searchParams;
  const cursor = search.get("cursor") ?? "";
  const [outcome, locale] = await Promise.all([
    attempt(trashApi.list(context, auth.accessToken, team.teamId, cursor ? { cursor } : {})),
    detectLocale(request),
  ]);
  if (outcome.refusal) {
    if (outcome.refusal.statusCode === 400 && cursor) {
      throw redirect(`${base}/trash`, { headers: auth.headers });
    }
    throw await closeAsForbidden(request, context, base);
  }
  const { items, nextCursor, totalBytes } = outcome.value.body;
  const formats = trashFormats(locale);
  const asked = canEmptyTrash(team.memberRole) ? trashQuestion(search) : null;
  const question =
    asked?.confirm === "purge"
      ? {
          ...asked,
          name:
            items.find((item) => item.type === asked.kind && item.id === asked.id)?.name ?? null,
        }
      : asked;
  return {
    rows: items.map((item) => trashRow(item, formats)),
    nextCursor,
    cursor,
    totalBytes,
    question,
  };
}

/**
 * Restore (a trash row's form, or the Undo of the snackbar after a delete): back to `back`
 * (the page it was posted from, on this site; else the trash) with a snackbar. A file whose
 * collection is in the trash too goes to the trash, saying to restore the collection first.
 */
export async function restoreFromTrash(
  scope: TrashScope,
  kind: TrashKind,
  id: string,
  back: FormDataEntryValue | null,
) {
  const { request, context, auth, team, base } = scope;
  const to = safeRedirectPath(back, `${base}/trash`);
  const { refusal } = await attempt(
    trashApi.restore(context, auth.accessToken, team.teamId, kind, id),
  );
  // The file's collection went to the trash meanwhile: the trash, where it can be restored.
  if (refusal?.errorCode === "collectionInTrash") {
    return redirectWithToast(
      request,
      context,
      `${base}/trash`,
      { type: "error", message: "teams:trash.errors.collectionInTrash" },
      { status: 303, headers: auth.headers },
    );
  }
  if (refusal) throw await closeWithError({ request, context, to, auth }, refusal.errorCode);
  return redirectWithToast(
    request,
    context,
    to,
    {
      type: "success",
      message: kind === "file" ? "teams:trash.restoredFile" : "teams:trash.restoredCollection",
    },
    { status: 303, headers: auth.headers },
  );
}

/** Empty the trash (owners and admins): back to it, saying how many items went. */
export async function emptyTrash({ request, context, auth, team, base }: TrashScope) {
  const to = `${base}/trash`;
  const { body } = await orGoBack(trashApi.empty(context, auth.accessToken, team.teamId), {
    request,
    context,
    to,
    auth,
  });
  return redirectWithToast(
    request,
    context,
    to,
    { type: "success", message: "teams:trash.emptied", values: { count: String(body.items) } },
    { status: 303, headers: auth.headers },
  );
}

/** Delete one item forever (owners and admins): back to the trash, saying so (or why not). */
export async function purgeFromTrash(scope: TrashScope, kind: TrashKind, id: string) {
  const { request, context, auth, team, base } = scope;
  const to = `${base}/trash`;
  await orGoBack(trashApi.purge(context, auth.accessToken, team.teamId, kind, id), {
    request,
    context,
    to,
    auth,
  });
  return redirectWithToast(
    request,
    context,
    to,
    { type: "success", message: "teams:trash.deletedForever" },
    { status: 303, headers: auth.headers },
  );
}
