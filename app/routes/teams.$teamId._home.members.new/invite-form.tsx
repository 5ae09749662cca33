import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FieldErrors, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";

const loadInviteSchema = () => import("./schemas.ts").then((module) => module.InviteSchema);

/** Invite someone by email, with a name and a role. */
export function InviteForm({
  path,
  lastResult,
}: {
  path: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const [form, fields] = useSchemaForm(loadInviteSchema, { id: "invite-member", lastResult });
  return (
    <Form method="post" action={path} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="invite" />
      <Flex direction="column" gap="4">
        <Field
          meta={fields.email}
          label={t("members.new.email")}
          type="email"
          autoComplete="off"
          autoFocus
        />
        <Field meta={fields.nickname} label={t("members.new.nickname")} autoComplete="off" />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.role.id}>
            {t("members.new.role")}
          </Text>
          <select {...getSelectProps(fields.role)} className="native-select">
            <option value="" />
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} format={message} />
        </Flex>
        <FormSubmit form={form} end>
          {t("members.new.invite")}
        </FormSubmit>
      </Flex>
    </Form>
  );
}
