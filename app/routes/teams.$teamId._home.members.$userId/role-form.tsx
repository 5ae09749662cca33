import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { FieldErrors, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import type { Member } from "#app/services/api/members.server.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";

const loadRoleSchema = () => import("./schemas.ts").then((module) => module.RoleSchema);

/** The member's role, as its own small form (the save button waits for a change). */
export function RoleForm({
  member,
  lastResult,
}: {
  member: Member;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadRoleSchema, {
    id: "member-role",
    lastResult,
    defaultValue: { role: member.role },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="role" />
      <Flex gap="2" align="end">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.role.id}>
            {t("members.info.role")}
          </Text>
          <select {...getSelectProps(fields.role)} className="native-select">
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} format={message} />
        </Flex>
        <Button
          type="submit"
          variant="soft"
          size="3"
          disabled={hydrated && fields.role.value === member.role}
        >
          {t("members.actions.roleSubmit")}
        </Button>
      </Flex>
    </Form>
  );
}
