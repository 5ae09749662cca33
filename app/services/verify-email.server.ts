import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { authApi } from "./api/auth.server.ts";
import { attempt } from "./api/client.server.ts";
import { signedInSession } from "./auth.server.ts";
import { formRefusal } from "./forms.server.ts";
import { forgetSignUpProof, signUpProofFor } from "./sign-up-proof.server.ts";
import { redirectWithToast } from "./toast.server.ts";
import { VerifySchema } from "./verify-email.ts";

/**
 * Checks the emailed code for `email` and `username`. In the browser that signed up, with its
 * sign-up's proof, the API signs it in too and the teams open (ADR 029); anywhere else, on to
 * sign in with the address filled in. Shared by the emailed link (/auth/verify) and the page
 * after sign-up (/auth/check-email).
 */
export async function verifyEmailAction(
  request: Request,
  context: WebContext,
  formData: FormData,
  account: { email: string; username: string },
) {
  const submission = parseWithZod(formData, { schema: VerifySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const signUpProof = await signUpProofFor(request, context, account);
  const verified = await attempt(
    authApi.verifyEmail(context, {
      code: submission.value.code,
      ...account,
      ...(signUpProof ? { signUpProof } : {}),
    }),
  );
  if (verified.refusal) return formRefusal(submission, verified.refusal);

  const headers = new Headers();
  const { result } = verified.value.body;
  if (result) {
    const signedIn = await signedInSession(request, context, result);
    headers.append("Set-Cookie", signedIn.headers.get("Set-Cookie") ?? "");
    headers.append("Set-Cookie", await forgetSignUpProof(request, context));
    return redirectWithToast(
      request,
      context,
      signedIn.redirectTo,
      { type: "success", message: "toasts.emailVerifiedSignedIn" },
      { status: 303, headers },
    );
  }
  // Verified, and not signed in here (another browser, or a proof past its day): say what next.
  if (signUpProof) headers.append("Set-Cookie", await forgetSignUpProof(request, context));
  return redirectWithToast(
    request,
    context,
    `/auth/signin?${new URLSearchParams({ email: account.email })}`,
    { type: "success", message: "toasts.emailVerified" },
    { status: 303, headers },
  );
}
