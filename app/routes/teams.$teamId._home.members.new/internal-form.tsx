import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { usernameSchema } from "#domain/validation.ts";

export const InternalSchema = z.object({ intent: z.literal("internal"), username: usernameSchema });

/** Create an internal contributor by username; their sign-in details are shown once. */
export function InternalForm({
  path,
  lastResult,
}: {
  path: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "internal-member",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InternalSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
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
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={busy}>
            {t("members.new.create")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
