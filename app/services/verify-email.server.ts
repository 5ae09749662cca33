import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { authApi } from "./api/auth.server.ts";
import { attempt } from "./api/client.server.ts";
import { formRefusal } from "./forms.server.ts";
import { redirectWithToast } from "./toast.server.ts";
import { VerifySchema } from "./verify-email.ts";

/**
 * Checks the emailed code for `email` and `username`; on success, on to sign in with a message.
 * Shared by the emailed link (/auth/verify) and the page after sign-up (/auth/check-email).
 */
export async function verifyEmailAction(
  request: Request,
  context: WebContext,
  formData: FormData,
  account: { email: string; username: string },
) {
  const submission = parseWithZod(formData, { schema: VerifySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { refusal } = await attempt(
    authApi.verifyEmail(context, { code: submission.value.code, ...account }),
  );
  if (refusal) return formRefusal(submission, refusal);
  return redirectWithToast(
    request,
    context,
    `/auth/signin?${new URLSearchParams({ email: account.email })}`,
    { type: "success", message: "toasts.emailVerified" },
    { status: 303 },
  );
}
