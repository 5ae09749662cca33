import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TextArea } from "#app/components/fields.tsx";
import { Field, FieldErrors, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const loadCreateSchema = () => import("./schemas.ts").then((module) => module.CreateSchema);

/**
 * Name, description and "collaborative", which uploaders and upviewers cannot tick (a hint says
 * why) and which starts as the team's mode says (`collaborative`); the API's refusals show in an
 * alert inside the form.
 */
export function NewCollectionForm({
  mayCollaborate,
  collaborative,
  lastResult,
}: {
  mayCollaborate: boolean;
  /** Whether the box starts ticked: in a collaborative team, for those who may tick it. */
  collaborative: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("collections");
  const [form, fields] = useSchemaForm(loadCreateSchema, {
    id: "new-collection",
    lastResult,
    defaultValue: { collaborative: collaborative ? "on" : undefined },
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
        <FormSubmit form={form} end>
          {t("new.submit")}
        </FormSubmit>
      </Flex>
    </Form>
  );
}
