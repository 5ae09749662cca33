import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FieldErrors, FormErrors } from "#app/components/forms.tsx";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

export const CreateSchema = z.object({
  name: collectionNameSchema,
  description: collectionDescriptionSchema,
  collaborative: z.literal("on").optional(),
});

/**
 * Name, description and "collaborative", which uploaders and upviewers cannot tick (a hint says
 * why); the API's refusals show in an alert inside the form.
 */
export function NewCollectionForm({
  mayCollaborate,
  lastResult,
}: {
  mayCollaborate: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("collections");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-collection",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const hintId = `${fields.collaborative.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Field meta={fields.name} label={t("new.name")} autoFocus autoComplete="off" />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.description.id}>
            {t("new.description")}
          </Text>
          <TextArea
            size="3"
            rows={3}
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
          />
          <FieldErrors id={fields.description.errorId} errors={fields.description.errors} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" className="choice">
            <input
              {...getInputProps(fields.collaborative, { type: "checkbox", value: "on" })}
              key={fields.collaborative.key}
              disabled={!mayCollaborate}
              aria-describedby={mayCollaborate ? undefined : hintId}
            />
            <span>{t("new.collaborative")}</span>
          </Text>
          {mayCollaborate ? null : (
            <Text id={hintId} size="1" color="gray">
              {t("new.collaborativeDisabled")}
            </Text>
          )}
        </Flex>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={busy}>
            {t("new.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
