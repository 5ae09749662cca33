import { redirect } from "@remix-run/node";
import { detectLocale } from "#app/i18n/language.server.ts";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import type { Team } from "#app/services/api/teams.server.ts";
import { trashApi } from "#app/services/api/trash.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { safeRedirectPath } from "#app/services/redirect.ts";
import { closeAsForbidden, closeWithError } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { type TrashKind, trashFormats, trashRow } from "./trash-rows.ts";

/** What the trash screen and its dialogs start from: the caller, the team, the addresses. */
export interface TrashScope {
  request: Request;
  context: WebContext;
  auth: Auth;
  team: Team;
  /** The team's address (`/teams/{teamId}`). */
  base: string;
}

/**
 * One page of the trash (ADR 093), newest deletion first: `cursor` is the page's, from the
 * address. A refusal to show it (a viewer) goes back to the team with "not allowed"; a cursor
 * the API does not take is the first page.
 */
export async function loadTrashPage({ request, context, auth, team, base }: TrashScope) {
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor") ?? "";
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
  return {
    rows: items.map((item) => trashRow(item, formats)),
    nextCursor,
    cursor,
    totalBytes,
  };
}

/** The error toasts of a refused restore; the rest are the API's own (messages:errors.*). */
const RESTORE_ERRORS: Record<string, string> = {
  collectionInTrash: "teams:trash.errors.collectionInTrash",
};

/**
 * Restore (a trash row's form, or the Undo of the snackbar after a delete): back to `back`
 * (the page it was posted from, on this site; else the trash) with a snackbar.
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
  if (refusal) {
    const message = RESTORE_ERRORS[refusal.errorCode];
    if (!message) throw await closeWithError({ request, context, to, auth }, refusal.errorCode);
    return redirectWithToast(
      request,
      context,
      to,
      { type: "error", message },
      { status: 303, headers: auth.headers },
    );
  }
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
