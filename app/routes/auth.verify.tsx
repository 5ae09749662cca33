import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AddressSentence, AuthCard, AuthLink, AuthProblem } from "#app/components/auth-card.tsx";
import { CodeField, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";
import { verifyEmailAction } from "#app/services/verify-email.server.ts";
import { linkError } from "#domain/validation.ts";

const loadVerifySchema = () =>
  import("#app/services/verify-email.ts").then((module) => module.VerifySchema);

export const handle = { i18n: ["common", "auth", "messages"] };

/**
 * The emailed link: /auth/verify?email=&code=&username=. The code is confirmed with a button, not
 * on GET, so a mail scanner that follows links cannot use it up.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "auth");
  const query = linkParameters(request);
  return {
    error: linkError("verify", query),
    email: query.get("email") ?? "",
    code: query.get("code") ?? "",
    title: t("verify.metaTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const query = linkParameters(request);
  return verifyEmailAction(request, context, await request.formData(), {
    email: query.get("email")?.trim() ?? "",
    username: query.get("username")?.trim() ?? "",
  });
}

export default function VerifyPage() {
  const { t } = useTranslation("auth");
  const message = useMessage();
  const { error, email, code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadVerifySchema, {
    id: "verify",
    lastResult,
    defaultValue: { code },
  });
  if (error) {
    return (
      <AuthProblem
        title={t("verify.title")}
        message={message(`errors.${error}`)}
        next={<AuthLink to="/auth/signin">{t("signUp.signIn")}</AuthLink>}
      />
    );
  }
  return (
    <AuthCard title={t("verify.title")}>
      <AddressSentence i18nKey="verify.intro" email={email} />
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CodeField meta={fields.code} />
          <FormSubmit form={form}>{t("verify.submit")}</FormSubmit>
        </Flex>
      </Form>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
