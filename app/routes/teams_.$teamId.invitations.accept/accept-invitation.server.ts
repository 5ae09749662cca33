import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import type { TokensResult } from "#app/services/api/auth.server.ts";
import { type ApiRequestError, attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { getAuth, signedInSession, signInFirst } from "#app/services/auth.server.ts";
import type { Role } from "#domain/roles.ts";
import { RegisterSchema } from "./register-form.tsx";

const hideFields = ["password", "confirmPassword"];

type Answer =
  | { step: "joined"; role: Role; teamPath: string }
  | { step: "register"; email: string; result?: SubmissionResult<string[]> }
  | { step: "error"; error: string };

/**
 * Accepts the invitation the address's key names, for the signed-in caller or, with a password,
 * for a new account with the invited address. An account that exists signs in first and comes
 * back; the API's other refusals are the page's error.
 */
export async function acceptInvitation(request: Request, context: WebContext, teamId: string) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  if (!key) return data({ step: "error", error: "invalidAcceptToken" } satisfies Answer, 400);
  const formData = await request.formData();
  const auth = await getAuth(request, context);
  const teamPath = `/teams/${encodeURIComponent(teamId)}`;

  const email = String(formData.get("email") ?? "");
  const registering = formData.get("intent") === "register";
  let password: string | undefined;
  if (registering) {
    const submission = parseWithZod(formData, { schema: RegisterSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields });
      return data({ step: "register", email, result } satisfies Answer, 400);
    }
    password = submission.value.password;
  }

  const accepted = await attempt(
    membersApi.acceptInvitation(
      context,
      teamId,
      { token: key, ...(password ? { password } : {}) },
      auth?.accessToken,
    ),
  );
  if (accepted.refusal) return refused(accepted.refusal);
  const { body } = accepted.value;
  const joined: Answer = { step: "joined", role: body.membership.role, teamPath };
  if (body.auth) {
    const { headers } = await signedInSession(
      request,
      context,
      body.auth.result as TokensResult,
      teamPath,
    );
    return data(joined, { headers });
  }
  return data(joined, { headers: auth?.headers });

  async function refused(refusal: ApiRequestError) {
    const invited = typeof refusal.body.email === "string" ? refusal.body.email : email;
    if (refusal.errorCode === "newInvitedAccountRequired") {
      return data({ step: "register", email: invited } satisfies Answer);
    }
    if (refusal.errorCode === "authorizationRequired" && !auth) {
      // An account with that address exists: sign in, then come back to this link.
      throw await signInFirst(request, context);
    }
    if (registering && refusal.statusCode === 400) {
      const result: SubmissionResult<string[]> = {
        status: "error",
        error: { "": [`errors.${refusal.errorCode}`] },
      };
      return data({ step: "register", email: invited, result } satisfies Answer, 400);
    }
    return data({ step: "error", error: `errors.${refusal.errorCode}` } satisfies Answer, {
      status: refusal.statusCode,
      headers: auth?.headers,
    });
  }
}
