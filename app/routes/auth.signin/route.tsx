import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { i18nServer } from "#app/i18n/language.server.ts";
import { messageWithValues } from "#app/i18n/message-values.ts";
import { authApi } from "#app/services/api/auth.server.ts";
import { type ApiRequestError, attempt } from "#app/services/api/client.server.ts";
import { requireGuest, signedInHome, startSession } from "#app/services/auth.server.ts";
import { knownDevice, rememberDevice } from "#app/services/device.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { commitSession, getSession, pendingInvitationOf } from "#app/services/session.server.ts";
import { classifySignInIdentifier } from "#domain/validation.ts";
import { NewPasswordForm } from "./new-password-form.tsx";
import { NewPasswordSchema, SignInSchema } from "./schemas.ts";
import { SignInForm } from "./sign-in-form.tsx";

export const handle = { i18n: ["common", "auth", "messages"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const [session, t] = await Promise.all([
    getSession(request, context),
    i18nServer.getFixedT(request, "auth"),
  ]);
  const query = new URL(request.url).searchParams;
  // Flashed by a social sign-in that failed; reading it once clears it.
  const signInError = session.get("signInError") ?? null;
  // A guest who chose to accept an invitation signs in with its address, then joins (ADR 028).
  const invitedEmail = pendingInvitationOf(session)?.email ?? "";
  return data(
    {
      step: session.get("challenge") ? ("new-password" as const) : ("sign-in" as const),
      team: query.get("teamId") || query.get("team") || "",
      // After verifying an email, sign-in opens with that address filled in.
      identifier: query.get("email") ?? invitedEmail,
      invitedEmail,
      // Ids and names only: a provider's client id and secret stay on the server.
      providers: context.config.providers.map(({ id, name }) => ({ id, name })),
      signInError,
      title: t("signIn.metaTitle"),
    },
    signInError
      ? { headers: { "Set-Cookie": await commitSession(request, context, session) } }
      : undefined,
  );
}

/**
 * Sign-in refuses a network address, or an account for browsers that never signed in to it
 * (ADR 081): say which, and for how long. Any other refusal shows its error code's message.
 */
function refusalMessage(refusal: ApiRequestError) {
  const seconds = refusal.retryAfterSeconds;
  if (refusal.errorCode !== "tooManyRequests" || seconds === undefined) return undefined;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const key =
    refusal.body.reason === "account"
      ? "errors.tooManyAccountSignInAttempts"
      : "errors.tooManySignInAttempts";
  return messageWithValues(key, { count: minutes });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const home = signedInHome(new URL(request.url).searchParams);
  const session = await getSession(request, context);

  if (intent === "restart") {
    session.unset("challenge");
    return redirect(request.url, {
      status: 303,
      headers: { "Set-Cookie": await commitSession(request, context, session) },
    });
  }

  if (intent === "new-password") {
    const submission = parseWithZod(formData, { schema: NewPasswordSchema });
    const challenge = session.get("challenge");
    if (submission.status !== "success" || !challenge) {
      return data(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), {
        status: 400,
      });
    }
    const answered = await attempt(
      authApi.newPassword(context, { newPassword: submission.value.newPassword, ...challenge }),
    );
    if (answered.refusal) {
      return formRefusal(submission, answered.refusal, {
        hideFields: ["newPassword", "confirmPassword"],
        message: refusalMessage(answered.refusal),
      });
    }
    return startSession(request, context, answered.value.body.result, home);
  }

  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { identifier, password, team } = submission.value;
  const device = await knownDevice(request);
  const signedIn = await attempt(
    authApi.signIn(context, {
      ...classifySignInIdentifier(identifier),
      password,
      ...(team ? { team } : {}),
      ...(device ? { device } : {}),
    }),
  );
  if (!signedIn.refusal) {
    const { result, device: newDevice } = signedIn.value.body;
    const response = await startSession(request, context, result, home);
    response.headers.append("Set-Cookie", await rememberDevice(request, newDevice));
    return response;
  }
  const { refusal } = signedIn;
  const { session: challengeSession, teamId, username } = refusal.body;
  if (
    refusal.errorCode === "newPasswordRequired" &&
    typeof challengeSession === "string" &&
    typeof teamId === "string" &&
    typeof username === "string"
  ) {
    session.set("challenge", { session: challengeSession, teamId, username });
    return redirect(request.url, {
      status: 303,
      headers: { "Set-Cookie": await commitSession(request, context, session) },
    });
  }
  return formRefusal(submission, refusal, {
    hideFields: ["password"],
    message: refusalMessage(refusal),
  });
}

export default function SignInPage() {
  const { step, team, identifier, invitedEmail, signInError, providers } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return step === "new-password" ? (
    <NewPasswordForm lastResult={lastResult} />
  ) : (
    <SignInForm
      team={team}
      identifier={identifier}
      invitedEmail={invitedEmail}
      signInError={signInError}
      providers={providers}
      lastResult={lastResult}
    />
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
