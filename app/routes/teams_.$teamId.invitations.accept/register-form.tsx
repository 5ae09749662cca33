import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const RegisterSchema = z
  .object({
    intent: z.literal("register"),
    password: passwordSchema,
    confirmPassword: z.string().trim().optional(),
  })
  .superRefine(confirmPasswordRefinement("password"), { when: isObjectPayload });

/** A guest without an account: a password for the invited address, which is fixed. */
export function RegisterForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invitation-register",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { t: tAuth } = useTranslation("auth");
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
          <Field
            meta={fields.password}
            label={t("invitation.password")}
            type="password"
            autoComplete="new-password"
            hint={tAuth("fields.passwordHint")}
            autoFocus
          />
          <Field
            meta={fields.confirmPassword}
            label={t("invitation.confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" loading={busy}>
            {t("invitation.register")}
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}
