import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadInternalSchema = () => import("./schemas.ts").then((module) => module.InternalSchema);

/** Create an internal contributor by username; their sign-in details are shown once. */
export function InternalForm({
  path,
  lastResult,
}: {
  path: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const [form, fields] = useSchemaForm(loadInternalSchema, { id: "internal-member", lastResult });
  return (
    <Form method="post" action={`${path}?tab=internal`} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="internal" />
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray">
          {t("members.new.internalIntro")}
        </Text>
        <Field
          meta={fields.username}
          label={t("members.new.username")}
          hint={t("members.new.usernameHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FormSubmit form={form} end>
          {t("members.new.create")}
        </FormSubmit>
      </Flex>
    </Form>
  );
}
