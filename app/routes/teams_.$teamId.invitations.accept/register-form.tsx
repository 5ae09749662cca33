import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { TextField } from "#app/components/fields.tsx";
import { FormSubmit, NewPasswordFields, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { AgeField, TermsField } from "#app/components/terms-field.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadRegisterSchema = () => import("./schemas.ts").then((module) => module.RegisterSchema);

/** A guest without an account: a password for the invited address, which is fixed, and the terms. */
export function RegisterForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const [form, fields] = useSchemaForm(loadRegisterSchema, {
    id: "invitation-register",
    lastResult,
  });
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      <Text as="p" size="2" color="gray">
        {t("invitation.registerIntro")}
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="email" value={email} />
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="invited-email">
              {t("invitation.email")}
            </Text>
            <TextField.Root
              id="invited-email"
              size="3"
              value={email}
              readOnly
              autoComplete="username"
            />
          </Flex>
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirmPassword}
            labels={{
              password: t("invitation.password"),
              confirm: t("invitation.confirmPassword"),
            }}
          />
          <AgeField meta={fields.age} />
          <TermsField meta={fields.terms} />
          <FormSubmit form={form}>{t("invitation.register")}</FormSubmit>
        </Flex>
      </Form>
    </AuthCard>
  );
}
