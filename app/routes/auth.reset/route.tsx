import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddressSentence, AuthCard, AuthLink } from "#app/components/auth-card.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { knownDevice } from "#app/services/device.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { linkError } from "#domain/validation.ts";
import { ResetForm, ResetWithCodeForm } from "./reset-form.tsx";
import { ResetSchema, ResetWithCodeSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "auth", "messages"] };

/**
 * The emailed link, /auth/reset?email=&code=, asks only for the new password. Without it (the
 * mail read on another device, or straight after /auth/forgot, `sent=1`) the page asks for the
 * email and the mailed code too (docs/product.md#sign-in).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "auth");
  const query = linkParameters(request);
  return {
    fromLink: linkError("reset", query) === null,
    email: query.get("email")?.trim() ?? "",
    sent: query.get("sent") === "1",
    title: t("reset.metaTitle"),
  };
}

/** The email and code the reset is for: the link's, or those typed. */
function readReset(request: Request, formData: FormData) {
  const query = linkParameters(request);
  if (linkError("reset", query) === null) {
    const submission = parseWithZod(formData, { schema: ResetSchema });
    const email = query.get("email")?.trim() ?? "";
    const code = query.get("code")?.trim() ?? "";
    return { submission, account: { email, code } };
  }
  const submission = parseWithZod(formData, { schema: ResetWithCodeSchema });
  const value = submission.status === "success" ? submission.value : undefined;
  return { submission, account: value && { email: value.email, code: value.code } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, account } = readReset(request, await request.formData());
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success" || !account) {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { email, code } = account;
  const { refusal } = await attempt(
    authApi.resetPassword(context, {
      newPassword: submission.value.newPassword,
      email,
      code,
      // A browser that signed in to the account before: strangers' guesses cannot stop it.
      device: await knownDevice(request),
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
  const { fromLink, email, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const requestNew = (
    <AuthLink to={`/auth/forgot?${new URLSearchParams({ email })}`}>
      {t("reset.requestNew")}
    </AuthLink>
  );
  return (
    <AuthCard title={t("reset.title")}>
      {sent ? (
        <Callout.Root color="grass" role="status">
          <Callout.Text>{t("reset.sent", { email })}</Callout.Text>
        </Callout.Root>
      ) : null}
      {fromLink ? (
        <>
          <AddressSentence i18nKey="reset.intro" email={email} />
          <ResetForm lastResult={lastResult} />
        </>
      ) : (
        <>
          <Text as="p">{t("reset.introCode")}</Text>
          <ResetWithCodeForm lastResult={lastResult} email={email} />
        </>
      )}
      {requestNew}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
