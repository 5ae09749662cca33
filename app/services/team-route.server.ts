import { redirect } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { ApiRequestError } from "./api/client.server.ts";
import { type Team, teamsApi } from "./api/teams.server.ts";
import { type Auth, requireAuth } from "./auth.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/**
 * For a team dialog's loader or action: the signed-in caller and the team in the address, or
 * /404 when the team does not answer (a 4xx).
 */
export async function requireTeam(
  request: Request,
  context: WebContext,
  teamParam: string | undefined,
): Promise<{ auth: Auth; team: Team; base: string }> {
  const auth = await requireAuth(request, context);
  try {
    const { body: team } = await teamsApi.get(context, auth.accessToken, teamParam ?? "");
    return { auth, team, base: `/teams/${encodeURIComponent(teamParam ?? team.teamId)}` };
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode < 500) {
      throw redirect("/404", { headers: auth.headers });
    }
    throw error;
  }
}

/**
 * Spec section 8: rename, mode and alias errors show an error snackbar and close the dialog.
 * Back to the team with the API's message.
 */
export function closeWithError(
  request: Request,
  context: WebContext,
  to: string,
  error: ApiRequestError,
  auth: Auth,
) {
  return redirectWithToast(
    request,
    context,
    to,
    { type: "error", message: `messages:errors.${error.errorCode}` },
    { status: 303, headers: auth.headers },
  );
}
