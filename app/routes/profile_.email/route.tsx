import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { CodeField, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { Trans, useTranslation } from "#app/i18n/react.tsx";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";
import { confirmEmailChange } from "./confirm.server.ts";

const loadCodeSchema = () => import("./schemas.ts").then((module) => module.EmailCodeSchema);

// auth: the code field's label.
export const handle = { i18n: ["common", "profile", "auth", "messages"] };

/**
 * Where the code mailed to a new address is typed: after asking on the profile, or from the
 * mail's link (/profile/email?email=&code=), which fills it in. The code is confirmed with a
 * button, not on GET, so a mail scanner that follows links cannot use it up (ADR 077).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  // Asks the API who this is: a session signed out elsewhere goes to sign in, as on /profile.
  const [, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    i18nServer.getFixedT(request, "profile"),
  ]);
  const query = linkParameters(request);
  return data(
    {
      email: query.get("email")?.trim() ?? "",
      code: query.get("code")?.trim() ?? "",
      title: t("email.confirm.metaTitle"),
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  return confirmEmailChange(request, context, auth, await request.formData());
}

export default function ConfirmEmailPage() {
  const { t } = useTranslation("profile");
  const { email, code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadCodeSchema, {
    id: "email-code",
    lastResult,
    defaultValue: { code },
  });
  return (
    <AuthCard title={t("email.confirm.title")}>
      <Text as="p">
        {email ? (
          <Trans
            t={t}
            i18nKey="email.confirm.sentTo"
            values={{ email }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t("email.confirm.sent")
        )}
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CodeField meta={fields.code} autoFocus={!code} />
          <FormSubmit form={form}>{t("email.confirm.submit")}</FormSubmit>
        </Flex>
      </Form>
      <Flex direction="column" gap="2">
        <Text as="p" size="2" color="gray">
          {t("email.confirm.again")}
        </Text>
        <Text size="2">
          <TextLink asChild>
            <Link to="/profile">{t("email.confirm.back")}</Link>
          </TextLink>
        </Text>
      </Flex>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
