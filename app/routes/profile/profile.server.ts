import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { WebContext } from "#app/load-context.ts";
import { displayNameOf, type User } from "#app/services/api/auth.server.ts";
import { type ApiRequestError, attempt } from "#app/services/api/client.server.ts";
import { type ProfileOperation, usersApi } from "#app/services/api/users.server.ts";
import { type Auth, loadCurrentUser, signOut } from "#app/services/auth.server.ts";
import { commitSession, getSession } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import {
  DeleteWithEmailSchema,
  DeleteWithPasswordSchema,
  EmailChangeSchema,
  PasswordSchema,
  ProfileSchema,
} from "./schemas.ts";

/** The forms of the profile page, each named by its `intent`. */
export type ProfileIntent = "profile" | "email" | "password" | "delete";

/** A form's answer, for that form only: the page has several. */
function formAnswer(
  intent: ProfileIntent,
  result: SubmissionResult<string[]>,
  status: number,
  headers: HeadersInit,
) {
  return data({ intent, result }, { status, headers });
}

interface Replyable {
  reply(options?: { formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]>;
}

/** The API's refusal as the form's own error, with the API's status. */
function refused(
  intent: ProfileIntent,
  submission: Replyable,
  refusal: ApiRequestError,
  headers: HeadersInit,
  hideFields?: string[],
) {
  const result = submission.reply({ formErrors: [`errors.${refusal.errorCode}`], hideFields });
  return formAnswer(intent, result, refusal.statusCode, headers);
}

/** The operations that turn `user` into the submitted profile; none when nothing changed. */
export function profileOperations(user: User, value: z.infer<typeof ProfileSchema>) {
  const operations: ProfileOperation[] = [];
  const names = [
    ["/firstName", user.firstName, value.firstName ?? null],
    ["/lastName", user.lastName, value.lastName ?? null],
  ] as const;
  for (const [path, before, after] of names) {
    if (before === after) continue;
    operations.push(
      after === null ? { op: "remove", path } : { op: "replace", path, value: after },
    );
  }
  if (value.nickname !== user.nickname) {
    operations.push({ op: "replace", path: "/nickname", value: value.nickname });
  }
  return operations;
}

/** First name, last name, nickname: saved when something changed. */
export async function saveProfile(
  request: Request,
  context: WebContext,
  auth: Auth,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return formAnswer("profile", submission.reply(), 400, auth.headers);
  }
  const user = await loadCurrentUser(request, context, auth);
  const operations = profileOperations(user, submission.value);
  if (operations.length === 0) {
    return redirectWithToast(
      request,
      context,
      "/profile",
      { type: "info", message: "toasts.profileUnchanged" },
      { status: 303, headers: auth.headers },
    );
  }
  const patched = await attempt(usersApi.patchMe(context, auth.accessToken, operations));
  if (patched.refusal) return refused("profile", submission, patched.refusal, auth.headers);
  // The header greets by name: keep it in step with the new one.
  const session = await getSession(request, context);
  session.set("displayName", displayNameOf(patched.value.body));
  const headers = new Headers(auth.headers);
  headers.append("Set-Cookie", await commitSession(request, context, session));
  return redirectWithToast(
    request,
    context,
    "/profile",
    { type: "success", message: "toasts.profileSaved" },
    { status: 303, headers },
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * A new password, the current one named: this browser stays signed in with the tokens it has,
 * every other session ends (ADR 072). No password is ever sent back to the page.
 */
export async function changePassword(
  request: Request,
  context: WebContext,
  auth: Auth,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: PasswordSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: PASSWORD_FIELDS });
    return formAnswer("password", result, 400, auth.headers);
  }
  const { currentPassword, newPassword } = submission.value;
  const changed = await attempt(
    usersApi.changePassword(context, auth.accessToken, { currentPassword, newPassword }),
  );
  if (changed.refusal) {
    return refused("password", submission, changed.refusal, auth.headers, PASSWORD_FIELDS);
  }
  return redirectWithToast(
    request,
    context,
    "/profile",
    { type: "success", message: "toasts.passwordChanged" },
    { status: 303, headers: auth.headers },
  );
}

/**
 * Asks for a new email address, the password named: the API mails a code there, and the page
 * where it is typed opens (ADR 077). Nothing changes until then.
 */
export async function requestEmailChange(
  request: Request,
  context: WebContext,
  auth: Auth,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: EmailChangeSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["currentPassword"] });
    return formAnswer("email", result, 400, auth.headers);
  }
  const { newEmail, currentPassword } = submission.value;
  const asked = await attempt(
    usersApi.requestEmailChange(context, auth.accessToken, { newEmail, currentPassword }),
  );
  if (asked.refusal) {
    return refused("email", submission, asked.refusal, auth.headers, ["currentPassword"]);
  }
  return redirectWithToast(
    request,
    context,
    `/profile/email?${new URLSearchParams({ email: newEmail })}`,
    { type: "info", message: "toasts.emailCodeSent" },
    { status: 303, headers: auth.headers },
  );
}

/**
 * Deletes the account, confirmed by the password (or, for an account without one, the email
 * address the form then asks for). Once it is gone this browser's session is cleared too, and
 * the home page says so.
 */
export async function deleteAccount(
  request: Request,
  context: WebContext,
  auth: Auth,
  formData: FormData,
) {
  const byEmail = formData.has("email");
  const submission = byEmail
    ? parseWithZod(formData, { schema: DeleteWithEmailSchema })
    : parseWithZod(formData, { schema: DeleteWithPasswordSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["password"] });
    return formAnswer("delete", result, 400, auth.headers);
  }
  const confirmation =
    "password" in submission.value
      ? { password: submission.value.password }
      : { email: submission.value.email };
  const deleted = await attempt(usersApi.deleteAccount(context, auth.accessToken, confirmation));
  if (deleted.refusal) {
    return refused("delete", submission, deleted.refusal, auth.headers, ["password"]);
  }
  return signOut(request, context, "/", "toasts.accountDeleted");
}

/**
 * Sign out of other devices: every other session of the account ends, this browser stays
 * signed in (ADR 085).
 */
export async function signOutOtherDevices(request: Request, context: WebContext, auth: Auth) {
  await usersApi.signOutEverywhere(context, auth.accessToken, true);
  return redirectWithToast(
    request,
    context,
    "/profile",
    { type: "success", message: "toasts.signedOutOthers" },
    { status: 303, headers: auth.headers },
  );
}

/**
 * Sign out everywhere: every session of the account ends, this browser's too, which then goes
 * to sign in (ADR 085).
 */
export async function signOutEverywhere(request: Request, context: WebContext, auth: Auth) {
  await usersApi.signOutEverywhere(context, auth.accessToken, false);
  return signOut(request, context, "/auth/signin", "toasts.signedOutEverywhere");
}
