import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { usersApi } from "#app/services/api/users.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { EmailCodeSchema } from "./schemas.ts";

/**
 * The code from the new address's mail makes it the account's: this browser stays signed in,
 * every other session ends (ADR 077), and the profile says so.
 */
export async function confirmEmailChange(
  request: Request,
  context: WebContext,
  auth: Auth,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: EmailCodeSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const confirmed = await attempt(
    usersApi.confirmEmailChange(context, auth.accessToken, { code: submission.value.code }),
  );
  if (confirmed.refusal) {
    const result = submission.reply({ formErrors: [`errors.${confirmed.refusal.errorCode}`] });
    return data(result, { status: confirmed.refusal.statusCode, headers: auth.headers });
  }
  return redirectWithToast(
    request,
    context,
    "/profile",
    { type: "success", message: "toasts.emailChanged" },
    { status: 303, headers: auth.headers },
  );
}
