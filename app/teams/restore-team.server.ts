import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/**
 * The Restore button of /teams (ADR 094): the team opens again with a toast; a refusal (its 30
 * days are over, or the plan has no room for another team) comes back to /teams with its message.
 */
export async function restoreTeam(request: Request, context: WebContext, formData: FormData) {
  const auth = await requireAuth(request, context);
  const teamId = formData.get("teamId");
  if (typeof teamId !== "string" || teamId === "") {
    return data({ errorCode: "invalidRequest" }, { status: 400 });
  }
  const outcome = await attempt(teamsApi.restore(context, auth.accessToken, teamId));
  if (outcome.refusal) {
    return redirectWithToast(
      request,
      context,
      "/teams",
      { type: "error", message: `messages:errors.${outcome.refusal.errorCode}` },
      { status: 303, headers: auth.headers },
    );
  }
  return redirectWithToast(
    request,
    context,
    teamPath({ teamId }),
    { type: "success", message: "toasts.teamRestored", values: { name: outcome.value.body.name } },
    { status: 303, headers: auth.headers },
  );
}
