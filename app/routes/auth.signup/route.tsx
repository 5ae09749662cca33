import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { consent } from "#app/i18n/legal-versions.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { requireGuest } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { keepSignUpProof } from "#app/services/sign-up-proof.server.ts";
import { normalizeSignUpNicknameInput } from "#domain/nickname-input.ts";
import { SignUpSchema } from "./schemas.ts";
import { SignUpForm } from "./sign-up-form.tsx";

export const handle = { i18n: ["common", "auth", "messages"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const t = await i18nServer.getFixedT(request, "auth");
  const query = new URL(request.url).searchParams;
  return {
    // Links from the early-access mail prefill the form.
    email: query.get("beta-access-email") ?? "",
    nickname: normalizeSignUpNicknameInput(query.get("beta-access-name") ?? ""),
    title: t("signUp.metaTitle"),
    // SIGNUP=invite-only: accounts come only through a team's invitation (ADR 088).
    inviteOnly: context.config.signUp === "invite-only",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  // No form to answer (the API would refuse it anyway): the page says why (ADR 088).
  if (context.config.signUp === "invite-only") return redirect("/auth/signup", 303);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { email, password, nickname } = submission.value;
  const locale = await i18nServer.getLocale(request);
  const signedUp = await attempt(
    authApi.signUp(context, {
      email,
      password,
      nickname,
      locale: locale === "it" ? "it" : "en",
      ...(await consent()),
    }),
  );
  if (signedUp.refusal) return formRefusal(submission, signedUp.refusal, { hideFields });
  const { body } = signedUp.value;
  const account = { email: body.email ?? email, username: body.username };
  // Kept for this browser: verifying the address here signs it in (ADR 029).
  const proof = await keepSignUpProof(request, context, { ...account, proof: body.signUpProof });
  return redirect(`/auth/check-email?${new URLSearchParams(account)}`, {
    status: 303,
    headers: { "Set-Cookie": proof },
  });
}

export default function SignUpPage() {
  const { t } = useTranslation("auth");
  const { email, nickname, inviteOnly } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <AuthCard title={t("signUp.title")}>
      {inviteOnly ? (
        <Text as="p" size="3" role="status">
          {t("signUp.inviteOnly")}
        </Text>
      ) : (
        <SignUpForm email={email} nickname={nickname} lastResult={lastResult} />
      )}
      <Text size="2">
        {t("signUp.haveAccount")}{" "}
        <TextLink asChild underline="always">
          <Link to="/auth/signin">{t("signUp.signIn")}</Link>
        </TextLink>
      </Text>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
