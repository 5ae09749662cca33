import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const ResetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().trim().optional() })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });

/** The new password, twice. */
export function ResetForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Field
          meta={fields.newPassword}
          label={t("fields.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("fields.passwordHint")}
          autoFocus
        />
        <Field
          meta={fields.confirmPassword}
          label={t("fields.confirmPassword")}
          type="password"
          autoComplete="new-password"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit" size="3" loading={busy}>
          {t("reset.submit")}
        </Button>
      </Flex>
    </Form>
  );
}
