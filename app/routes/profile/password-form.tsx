import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Field, FormSubmit, NewPasswordFields, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadPasswordSchema = () => import("./schemas.ts").then((module) => module.PasswordSchema);

/**
 * Change the password: the current one, then the new one twice. An account without a password
 * (it signs in through a provider) is told so instead.
 */
export function PasswordSection({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("profile");
  const [form, fields] = useSchemaForm(loadPasswordSchema, { id: "password", lastResult });
  const busy = useNavigation().formData?.get("intent") === "password";
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="password-title">
        <Heading as="h2" size="5" id="password-title">
          {t("password.title")}
        </Heading>
        {hasPassword ? (
          <Form method="post" action="/profile" preventScrollReset {...getFormProps(form)}>
            <Flex direction="column" gap="4">
              <Text as="p" size="2" color="gray">
                {t("password.intro")}
              </Text>
              <input type="hidden" name="intent" value="password" />
              <Field
                meta={fields.currentPassword}
                label={t("password.current")}
                type="password"
                autoComplete="current-password"
              />
              <NewPasswordFields
                password={fields.newPassword}
                confirm={fields.confirmPassword}
                labels={{ password: t("password.new"), confirm: t("password.confirm") }}
                autoFocus={false}
              />
              <FormSubmit form={form} busy={busy} end>
                {t("password.submit")}
              </FormSubmit>
            </Flex>
          </Form>
        ) : (
          <Text as="p" size="2" color="gray">
            {t("password.none")}
          </Text>
        )}
      </section>
    </Flex>
  );
}
