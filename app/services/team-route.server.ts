import type { WebContext } from "#app/load-context.ts";
import { ApiRequestError, attempt } from "./api/client.server.ts";
import { type Team, teamsApi } from "./api/teams.server.ts";
import { type Auth, requireAuth } from "./auth.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/**
 * For a team screen's or dialog's loader or action: the signed-in caller and the team in the
 * address. A team that does not answer (not found, not yours, or an id the API refuses as
 * malformed) is the route error mapping's: /404 (docs/product.md#client-messages, a 4xx on a
 * team goes to /404). The 400 is passed on as the 404 it means here.
 */
export async function requireTeam(
  request: Request,
  context: WebContext,
  teamParam: string | undefined,
): Promise<{ auth: Auth; team: Team; base: string }> {
  const auth = await requireAuth(request, context);
  const { body: team } = await teamsApi
    .get(context, auth.accessToken, teamParam ?? "")
    .catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.statusCode === 400) {
        throw new ApiRequestError(404, "notFound", error.message, {}, error.authenticated);
      }
      throw error;
    });
  return { auth, team, base: `/teams/${encodeURIComponent(teamParam ?? team.teamId)}` };
}

/** Where a dialog closes to, and what it needs to say why. */
export interface GoBack {
  request: Request;
  context: WebContext;
  /** The page under the dialog. */
  to: string;
  auth: Auth;
}

/**
 * Rename, mode and alias errors show an error snackbar and close the dialog
 * (docs/product.md#client-messages).
 * Back to the page under it, with `errorCode` (of the messages namespace).
 */
export function closeWithError({ request, context, to, auth }: GoBack, errorCode: string) {
  return redirectWithToast(
    request,
    context,
    to,
    { type: "error", message: `messages:errors.${errorCode}` },
    { status: 303, headers: auth.headers },
  );
}

/** A dialog the caller's role may not open: back to `to`, with the "not allowed" snackbar. */
export function closeAsForbidden(request: Request, context: WebContext, to: string) {
  return redirectWithToast(request, context, to, {
    type: "error",
    message: "messages:errors.forbidden",
  });
}

/** `call`'s value; the API's refusal of it closes the dialog instead (closeWithError). */
export async function orGoBack<T>(call: Promise<T>, back: GoBack): Promise<T> {
  const outcome = await attempt(call);
  if (outcome.refusal) throw await closeWithError(back, outcome.refusal.errorCode);
  return outcome.value;
}
