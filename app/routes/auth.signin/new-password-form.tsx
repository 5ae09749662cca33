import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const NewPasswordSchema = z
  .object({
    intent: z.literal("new-password"),
    newPassword: passwordSchema,
    confirmPassword: z.string().trim().optional(),
  })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });

/**
 * The second step for a member whose password was set for them: a new one, twice; or start
 * again from the sign-in form.
 */
export function NewPasswordForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("newPassword.title")}>
      <Callout.Root color="amber" highContrast role="note">
        <Callout.Text>{t("newPassword.warning")}</Callout.Text>
      </Callout.Root>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="new-password" />
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
            {t("newPassword.submit")}
          </Button>
        </Flex>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="restart" variant="ghost" color="gray">
          {t("newPassword.restart")}
        </Button>
      </Form>
    </AuthCard>
  );
}
