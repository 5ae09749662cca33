import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import {
  CodeField,
  Field,
  FormSubmit,
  NewPasswordFields,
  useSchemaForm,
} from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadResetSchema = () => import("./schemas.ts").then((module) => module.ResetSchema);
const loadCodeSchema = () => import("./schemas.ts").then((module) => module.ResetWithCodeSchema);

/** The new password, twice: all the mailed link needs. */
export function ResetForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(loadResetSchema, { id: "reset", lastResult });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
        <FormSubmit form={form}>{t("reset.submit")}</FormSubmit>
      </Flex>
    </Form>
  );
}

/**
 * Without the link (the mail read on another device): the email, the code from the mail, then
 * the new password, twice.
 */
export function ResetWithCodeForm({
  lastResult,
  email,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  email: string;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(loadCodeSchema, {
    id: "reset-code",
    lastResult,
    defaultValue: { email },
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Field
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          autoFocus={!email}
        />
        <CodeField meta={fields.code} autoFocus={Boolean(email)} />
        <NewPasswordFields
          password={fields.newPassword}
          confirm={fields.confirmPassword}
          autoFocus={false}
        />
        <FormSubmit form={form}>{t("reset.submit")}</FormSubmit>
      </Flex>
    </Form>
  );
}
