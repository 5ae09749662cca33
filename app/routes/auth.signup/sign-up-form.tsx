import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex } from "#app/components/layout.tsx";
import { AgeField, TermsField } from "#app/components/terms-field.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { SIGN_UP_NICKNAME_INPUT_MAX } from "#domain/constants.ts";
import { normalizeSignUpNicknameInput } from "#domain/nickname-input.ts";

const loadSignUpSchema = () => import("./schemas.ts").then((module) => module.SignUpSchema);

/** Email, password twice, nickname and the terms (docs/product.md#sign-in). */
export function SignUpForm({
  email,
  nickname,
  lastResult,
}: {
  /** Prefilled from an early-access mail's link, or "". */
  email: string;
  nickname: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(loadSignUpSchema, {
    id: "sign-up",
    lastResult,
    defaultValue: { email, nickname },
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <Field
          meta={fields.password}
          label={t("fields.password")}
          type="password"
          autoComplete="new-password"
          hint={t("fields.passwordHint")}
        />
        <Field
          meta={fields.confirmPassword}
          label={t("fields.confirmPassword")}
          type="password"
          autoComplete="new-password"
        />
        <Field
          meta={fields.nickname}
          label={t("fields.nickname")}
          hint={t("fields.nicknameHint")}
          autoComplete="nickname"
          maxLength={SIGN_UP_NICKNAME_INPUT_MAX}
          onInput={(event) => {
            const input = event.currentTarget;
            const normalized = normalizeSignUpNicknameInput(input.value);
            if (normalized !== input.value) input.value = normalized;
          }}
        />
        <AgeField meta={fields.age} />
        <TermsField meta={fields.terms} />
        <FormSubmit form={form}>{t("signUp.submit")}</FormSubmit>
      </Flex>
    </Form>
  );
}
