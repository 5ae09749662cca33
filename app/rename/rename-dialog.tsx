import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "#app/components/button.tsx";
import { TextField } from "#app/components/fields.tsx";
import { Field, FormErrors, type SchemaLoader, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fileNameBase } from "#domain/file-names.ts";

/**
 * The rename dialog of a team, a collection or a file: one name field, saved only when the
 * trimmed name changed (docs/product.md#screens; the button is disabled while it has not, once
 * JavaScript runs). The route's action is renameAction (app/rename/rename.server.ts). Its
 * texts are `rename.title`, `.close`, `.name` and `.submit` in the given namespace, and
 * `rename.extension` for a file that has one.
 *
 * A file's field holds its name without the extension, which is shown at the field's end and
 * kept (docs/product.md#files): the name saved is what is typed and the extension.
 */
export function RenameDialog({
  formId,
  name,
  extension,
  current = name,
  loadSchema,
  closeTo,
  namespace,
}: {
  formId: string;
  /** The name the field starts with: the current one, a file's without its extension. */
  name: string;
  /** A file's extension (fileExtension), shown beside the field and kept; "" when it has none. */
  extension?: string;
  /** The current name in full, when it is not `name`: a file's, with its extension. */
  current?: string;
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
  const typed = fields.name.value ?? "";
  const saved = extension ? fileNameBase(typed, extension) + extension : typed.trim();
  const unchanged = saved === current;
  return (
    <RouteDialog title={t("rename.title")} closeTo={closeTo} closeLabel={t("rename.close")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field
            meta={fields.name}
            label={t("rename.name")}
            hint={extension ? t("rename.extension", { extension }) : undefined}
            autoFocus
            autoComplete="off"
          >
            {extension ? (
              <TextField.Slot side="right">
                <span aria-hidden="true">{extension}</span>
              </TextField.Slot>
            ) : null}
          </Field>
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
