import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { FormSubmit, NewPasswordFields, useSchemaForm } from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadNewPasswordSchema = () =>
  import("./schemas.ts").then((module) => module.NewPasswordSchema);

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
  const [form, fields] = useSchemaForm(loadNewPasswordSchema, { id: "new-password", lastResult });
  return (
    <AuthCard title={t("newPassword.title")}>
      <Callout.Root color="amber" highContrast role="note">
        <Callout.Text>{t("newPassword.warning")}</Callout.Text>
      </Callout.Root>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="new-password" />
        <Flex direction="column" gap="4">
          <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
          <FormSubmit form={form}>{t("newPassword.submit")}</FormSubmit>
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
