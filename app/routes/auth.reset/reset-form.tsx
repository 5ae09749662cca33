import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormSubmit, NewPasswordFields, useSchemaForm } from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadResetSchema = () => import("./schemas.ts").then((module) => module.ResetSchema);

/** The new password, twice. */
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
