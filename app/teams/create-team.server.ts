import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { CreateTeamSchema } from "./create-team.schemas.ts";

/**
 * The create-team dialog's post, for each team list that opens it (/teams, /switch-team): the
 * new team opens with a toast; a refused form renders again in the dialog. `formData`: the post,
 * when the page's action has read it already.
 */
export async function createTeam(request: Request, context: WebContext, formData?: FormData) {
  const auth = await requireAuth(request, context);
  const submission = parseWithZod(formData ?? (await request.formData()), {
    schema: CreateTeamSchema,
  });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const created = await attempt(teamsApi.create(context, auth.accessToken, submission.value));
  if (created.refusal) return formRefusal(submission, created.refusal, { headers: auth.headers });
  return redirectWithToast(
    request,
    context,
    teamPath({ teamId: created.value.body.teamId }),
    { type: "success", message: "toasts.teamCreated" },
    { status: 303, headers: auth.headers },
  );
}
