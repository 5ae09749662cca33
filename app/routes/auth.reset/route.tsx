import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressSentence, AuthCard, AuthLink, AuthProblem } from "#app/components/auth-card.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { linkError } from "#domain/validation.ts";
import { ResetForm } from "./reset-form.tsx";
import { ResetSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "auth", "messages"] };

/** The emailed link: /auth/reset?email=&code=. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "auth");
  const query = new URL(request.url).searchParams;
  return {
    error: linkError("reset", query),
    email: query.get("email") ?? "",
    title: t("reset.metaTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const submission = parseWithZod(await request.formData(), { schema: ResetSchema });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success" || linkError("reset", query)) {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const email = query.get("email")?.trim() ?? "";
  const { refusal } = await attempt(
    authApi.resetPassword(context, {
      newPassword: submission.value.newPassword,
      email,
      code: query.get("code")?.trim() ?? "",
    }),
  );
  if (refusal) return formRefusal(submission, refusal, { hideFields });
  return redirectWithToast(
    request,
    context,
    `/auth/signin?${new URLSearchParams({ email })}`,
    { type: "success", message: "toasts.passwordReset" },
    { status: 303 },
  );
}

export default function ResetPage() {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const { error, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const requestNew = (
    <AuthLink to={`/auth/forgot?${new URLSearchParams({ email })}`}>
      {t("reset.requestNew")}
    </AuthLink>
  );
  if (error) {
    return (
      <AuthProblem
        title={t("reset.title")}
        message={message(`errors.${error}`)}
        next={requestNew}
      />
    );
  }
  return (
    <AuthCard title={t("reset.title")}>
      <AddressSentence i18nKey="reset.intro" email={email} />
      <ResetForm lastResult={lastResult} />
      {requestNew}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
