import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadWithPassword = () =>
  import("./schemas.ts").then((module) => module.DeleteWithPasswordSchema);
const loadWithEmail = () => import("./schemas.ts").then((module) => module.DeleteWithEmailSchema);

type LastResult = SubmissionResult<string[]> | undefined;

/**
 * Delete the account, confirmed by the password, or by the email address for an account without
 * one. An internal member's account is its team's: the section says who removes it.
 */
export function DeleteAccountSection({
  hasPassword,
  internal,
  lastResult,
}: {
  hasPassword: boolean;
  internal: boolean;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("profile");
  let body: ReactNode;
  if (internal) {
    body = (
      <Text as="p" size="2" color="gray">
        {t("deletion.internal")}
      </Text>
    );
  } else if (hasPassword) {
    body = <ConfirmWithPassword lastResult={lastResult} />;
  } else {
    body = <ConfirmWithEmail lastResult={lastResult} />;
  }
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="delete-account-title">
        <Heading as="h2" size="5" id="delete-account-title">
          {t("deletion.title")}
        </Heading>
        {body}
      </section>
    </Flex>
  );
}

function ConfirmWithPassword({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useSchemaForm(loadWithPassword, { id: "delete-account", lastResult });
  return (
    <DeleteForm form={form} formProps={getFormProps(form)}>
      <Field
        meta={fields.password}
        label={t("deletion.password")}
        type="password"
        autoComplete="current-password"
      />
    </DeleteForm>
  );
}

function ConfirmWithEmail({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useSchemaForm(loadWithEmail, { id: "delete-account", lastResult });
  return (
    <DeleteForm form={form} formProps={getFormProps(form)}>
      <Field meta={fields.email} label={t("deletion.email")} type="email" autoComplete="off" />
    </DeleteForm>
  );
}

/** What deleting does, the confirmation field, and the red button. */
function DeleteForm({
  form,
  formProps,
  children,
}: {
  form: { errorId: string; errors?: string[] };
  formProps: ReturnType<typeof getFormProps>;
  children: ReactNode;
}) {
  const { t } = useTranslation("profile");
  const busy = useNavigation().formData?.get("intent") === "delete";
  return (
    <Form method="post" action="/profile" preventScrollReset {...formProps}>
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          {t("deletion.intro")}
        </Text>
        <Text as="p" size="2" color="gray">
          {t("deletion.files")} {t("deletion.owner")}
        </Text>
        <input type="hidden" name="intent" value="delete" />
        {children}
        <FormSubmit form={form} busy={busy} color="red" end>
          {t("deletion.submit")}
        </FormSubmit>
      </Flex>
    </Form>
  );
}
