import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { ForgotSchema } from "./schemas.ts";

const loadForgotSchema = () => import("./schemas.ts").then((module) => module.ForgotSchema);

export const handle = { i18n: ["common", "auth", "messages"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "auth");
  const query = new URL(request.url).searchParams;
  return { email: query.get("email") ?? "", title: t("forgot.metaTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const { refusal } = await attempt(authApi.forgotPassword(context, { email }));
  if (refusal) return formRefusal(submission, refusal);
  // The same answer whether or not the account exists: on to type the mailed code.
  return redirect(`/auth/reset?${new URLSearchParams({ email, sent: "1" })}`, { status: 303 });
}

export default function ForgotPage() {
  const { t } = useTranslation("auth");
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadForgotSchema, {
    id: "forgot",
    lastResult,
    defaultValue: { email },
  });
  return (
    <AuthCard title={t("forgot.title")}>
      <Text as="p">{t("forgot.intro")}</Text>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field
            meta={fields.email}
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            autoFocus
          />
          <FormSubmit form={form}>{t("forgot.submit")}</FormSubmit>
        </Flex>
      </Form>
      <Text size="2">
        <TextLink asChild>
          <Link to="/auth/signin">{t("forgot.back")}</Link>
        </TextLink>
      </Text>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
