import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadEmailSchema = () => import("./schemas.ts").then((module) => module.EmailChangeSchema);

/**
 * A form to change the address the person signs in with (shown above it): the new address and
 * the password. A code then goes to the new address (ADR 077). An account that signs in through a
 * provider is told its address is the provider's.
 */
export function EmailSection({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("profile");
  const [form, fields] = useSchemaForm(loadEmailSchema, { id: "email", lastResult });
  const busy = useNavigation().formData?.get("intent") === "email";
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="email-title">
        <Heading as="h2" size="5" id="email-title">
          {t("email.title")}
        </Heading>
        {hasPassword ? (
          <Form method="post" action="/profile" preventScrollReset {...getFormProps(form)}>
            <Flex direction="column" gap="4">
              <Text as="p" size="2" color="gray">
                {t("email.intro")}
              </Text>
              <input type="hidden" name="intent" value="email" />
              <Field
                meta={fields.newEmail}
                label={t("email.new")}
                type="email"
                autoComplete="email"
              />
              <Field
                meta={fields.currentPassword}
                label={t("email.password")}
                type="password"
                autoComplete="current-password"
              />
              <FormSubmit form={form} busy={busy} end>
                {t("email.submit")}
              </FormSubmit>
            </Flex>
          </Form>
        ) : (
          <Text as="p" size="2" color="gray">
            {t("email.none")}
          </Text>
        )}
      </section>
    </Flex>
  );
}
