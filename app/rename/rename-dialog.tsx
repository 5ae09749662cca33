import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "#app/components/button.tsx";
import { Field, FormErrors, type SchemaLoader, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * The rename dialog of a team, a collection or a file: one name field, saved only when the
 * trimmed name changed (docs/product.md#screens; the button is disabled while it has not, once
 * JavaScript runs). The route's action is renameAction (app/rename/rename.server.ts). Its
 * texts are `rename.title`, `.close`, `.name` and `.submit` in the given namespace.
 */
export function RenameDialog({
  formId,
  name,
  loadSchema,
  closeTo,
  namespace,
}: {
  formId: string;
  /** The current name. */
  name: string;
  /** The route's form schema, `{ name }`, from app/rename/rename.schemas.ts. */
  loadSchema: SchemaLoader<z.ZodType<{ name: string }, { name: string }>>;
  closeTo: string;
  namespace: "teams" | "collections" | "files";
}) {
  const { t } = useTranslation(namespace);
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadSchema, {
    id: formId,
    lastResult,
    defaultValue: { name },
  });
  const unchanged = (fields.name.value ?? "").trim() === name;
  return (
    <RouteDialog title={t("rename.title")} closeTo={closeTo} closeLabel={t("rename.close")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={t("rename.name")} autoFocus autoComplete="off" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" size="3" loading={busy} disabled={hydrated && unchanged}>
              {t("rename.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
