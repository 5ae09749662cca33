import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrors } from "./forms.tsx";
import { useHydrated } from "./hydrated.ts";
import { RouteDialog } from "./route-dialog.tsx";

/**
 * The rename dialog of a team, a collection or a file: one name field, saved only when the
 * trimmed name changed (spec section 4; the button is disabled while it has not, once
 * JavaScript runs). The route's action answers with parseWithZod's reply or redirects
 * (app/services/rename.server.ts).
 */
export function RenameDialog({
  formId,
  name,
  schema,
  closeTo,
  labels,
}: {
  formId: string;
  /** The current name. */
  name: string;
  /** The route's form schema: `{ name }`. */
  schema: z.ZodType<{ name: string }>;
  closeTo: string;
  labels: { title: string; close: string; name: string; submit: string };
}) {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useForm<{ name: string }>({
    id: formId,
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const unchanged = (fields.name.value ?? "").trim() === name;
  return (
    <RouteDialog title={labels.title} closeTo={closeTo} closeLabel={labels.close}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={labels.name} autoFocus autoComplete="off" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" size="3" loading={busy} disabled={hydrated && unchanged}>
              {labels.submit}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
