import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Flex } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormSubmit, NewPasswordFields, useSchemaForm } from "#app/components/forms.tsx";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const ResetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().trim().optional() })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });

/** The new password, twice. */
export function ResetForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(ResetSchema, { id: "reset", lastResult });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
        <FormSubmit form={form}>{t("reset.submit")}</FormSubmit>
      </Flex>
    </Form>
  );
}
