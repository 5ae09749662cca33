import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Field, FormErrors, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Member } from "#app/services/api/members.server.ts";

const loadRenameSchema = () => import("./schemas.ts").then((module) => module.RenameSchema);

/** The member's name, as its own small form (the save button waits for a change). */
export function RenameForm({
  member,
  lastResult,
}: {
  member: Member;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadRenameSchema, {
    id: "member-rename",
    lastResult,
    defaultValue: { nickname: member.nickname },
  });
  const unchanged = (fields.nickname.value ?? "").trim() === member.nickname;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="rename" />
      <Flex gap="2" align="end">
        <Flex direction="column" flexGrow="1">
          <Field meta={fields.nickname} label={t("members.info.nickname")} autoComplete="off" />
        </Flex>
        <Button type="submit" variant="soft" size="3" disabled={hydrated && unchanged}>
          {t("members.actions.renameSubmit")}
        </Button>
      </Flex>
      <FormErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}
