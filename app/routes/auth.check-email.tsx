import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AddressSentence, AuthCard, AuthLink, AuthProblem } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { CodeField, FormErrors, useSchemaForm } from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { verifyEmailAction } from "#app/services/verify-email.server.ts";

const loadVerifySchema = () =>
  import("#app/services/verify-email.ts").then((module) => module.VerifySchema);

export const handle = { i18n: ["common", "auth", "messages"] };

function account(request: Request) {
  const query = new URL(request.url).searchParams;
  return { email: query.get("email")?.trim() ?? "", username: query.get("username")?.trim() ?? "" };
}

/** After sign-up: where the code went, a field to type it, and a way to get a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "auth");
  return {
    ...account(request),
    title: t("checkEmail.metaTitle"),
    // Development without a mail server: the message is a file, and the terminal has its link.
    mailFolder: context.config.mailFolder ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { email, username } = account(request);
  if (formData.get("intent") === "resend") {
    if (email) await authApi.resendCode(context, { email });
    const here = new URL(request.url);
    return redirectWithToast(
      request,
      context,
      `${here.pathname}${here.search}`,
      { type: "info", message: "toasts.codeResent" },
      { status: 303 },
    );
  }
  return verifyEmailAction(request, context, formData, { email, username });
}

export default function CheckEmailPage() {
  const { t } = useTranslation("auth");
  const { email, username, mailFolder } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(loadVerifySchema, { id: "verify-code", lastResult });
  if (!email || !username) {
    return (
      <AuthProblem
        title={t("checkEmail.title")}
        message={t("checkEmail.missing")}
        note
        next={<AuthLink to="/auth/signin">{t("signUp.signIn")}</AuthLink>}
      />
    );
  }
  return (
    <AuthCard title={t("checkEmail.title")}>
      <AddressSentence i18nKey="checkEmail.sentTo" email={email} />
      {mailFolder && (
        <Callout.Root color="amber" role="note" mb="4">
          <Callout.Text>{t("checkEmail.noMailServer", { folder: mailFolder })}</Callout.Text>
        </Callout.Root>
      )}
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CodeField meta={fields.code} autoFocus />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" name="intent" value="verify" loading={busy}>
            {t("checkEmail.submit")}
          </Button>
        </Flex>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="resend" variant="ghost">
          {t("checkEmail.resend")}
        </Button>
      </Form>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
