import {
  type DefaultValue,
  type FieldMetadata,
  getInputProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import type { z } from "zod";
import { Button } from "#app/components/button.tsx";
import { useEditedBeforeHydration } from "#app/components/edited-before-hydration.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { Callout } from "./callout.tsx";
import { TextField } from "./fields.tsx";

/** A form's fields: every form schema is an object, as conform asks its field types to be. */
type FormFields<Schema extends z.ZodType> = z.input<Schema> & Record<string, unknown>;

/**
 * Where a form's schema comes from: a module of its own, imported when the form is drawn, as
 * `() => import("./schemas.ts").then((module) => module.SignInSchema)`, declared once at the top
 * of the form's module. Zod and the schemas are then a chunk the browser fetches after the page
 * works, not part of its first load (ADR 034).
 */
export type SchemaLoader<Schema extends z.ZodType> = () => Promise<Schema>;

type Validate<Schema extends z.ZodType> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * A form driven by its zod schema, as every form here is: checked in the browser on submit, then
 * again on every input once it has shown an error; the action's `parseWithZod` reply (with or
 * without JavaScript) as `lastResult`. The schema is fetched once the visitor turns to the form;
 * until it has arrived (or if it never does), a submit goes to the server, which checks it all
 * the same.
 *
 * On a slow phone, people type before the scripts arrive. Hydration keeps what they typed in the
 * fields, but the form's state would still hold the defaults, and a Save that waits for a change
 * would stay disabled: once mounted, the form reads its fields again if any was edited.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  loadSchema: SchemaLoader<Schema>,
  options: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<FormFields<Schema>>;
  },
) {
  const [validate, setValidate] = useState<Validate<Schema> | null>(null);
  const formId = options.id;
  useEffect(() => {
    let mounted = true;
    const load = () => {
      void Promise.all([loadSchema(), import("@conform-to/zod/v4")]).then(
        ([schema, { parseWithZod }]) => {
          if (!mounted) return;
          setValidate(() => (formData: FormData) => parseWithZod(formData, { schema }));
        },
        () => {
          // The chunk did not load (offline, a new version deployed): the server validates.
        },
      );
    };
    // Zod and the schema load when the visitor turns to the form (a field focused, a tap, a key),
    // not with the page: making them is a 100 ms task on a slow phone, which would block the page
    // just as it becomes usable (ADR 046). A field the page focused itself (autoFocus) waits for
    // a key; what was typed before the scripts arrived is replayed as an input event (below).
    const form = document.getElementById(formId);
    if (!form) {
      load();
      return () => {
        mounted = false;
      };
    }
    const events = ["focusin", "pointerdown", "keydown", "input"] as const;
    const start = () => {
      for (const type of events) form.removeEventListener(type, start);
      load();
    };
    for (const type of events) form.addEventListener(type, start);
    return () => {
      mounted = false;
      for (const type of events) form.removeEventListener(type, start);
    };
  }, [loadSchema, formId]);
  // After conform's own listeners (layout effects): it reads the whole form on an input event.
  useEditedBeforeHydration(options.id, (_form, field) =>
    field.dispatchEvent(new Event("input", { bubbles: true })),
  );
  return useForm<FormFields<Schema>, z.output<Schema>>({
    ...options,
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

type InputType = "text" | "email" | "password" | "search" | "tel" | "url" | "hidden";

/** A labelled text input whose errors are announced and tied to it with aria-describedby. */
export function Field<Schema>({
  meta,
  label,
  type = "text",
  hint,
  ...inputProps
}: {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
} & Omit<ComponentProps<typeof TextField.Root>, "type" | "name" | "defaultValue" | "form">) {
  const message = useMessage();
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const conformProps = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={meta.id}>
        {label}
      </Text>
      <TextField.Root size="3" {...conformProps} key={conformProps.key} {...inputProps} />
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} format={message} />
    </Flex>
  );
}

export function FieldErrors({
  id,
  errors,
  format,
}: {
  id: string;
  errors: string[] | undefined;
  format?: (key: string) => string;
}) {
  const message = useMessage();
  const show = format ?? message;
  return (
    <div id={id} aria-live="polite">
      {errors?.length
        ? [...new Set(errors)].map((error) => (
            <Text key={error} as="p" size="2" color="red" mt="1">
              {show(error)}
            </Text>
          ))
        : null}
    </div>
  );
}

/** Form-level errors (what the API answered), shown above the submit button. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const message = useMessage();
  if (!errors?.length) return <div id={id} />;
  return (
    <Callout.Root id={id} color="red" role="alert">
      {[...new Set(errors)].map((error) => (
        <Callout.Text key={error}>{message(error)}</Callout.Text>
      ))}
    </Callout.Root>
  );
}

/**
 * The end of a form: what the API answered, then the submit button, busy while a form posts
 * (unless the form says when it is). `end` puts the button to the right, as dialogs have it.
 */
export function FormSubmit({
  form,
  busy,
  end = false,
  children,
  ...buttonProps
}: {
  form: { errorId: string; errors?: string[] };
  busy?: boolean;
  end?: boolean;
  children: ReactNode;
} & Omit<ComponentProps<typeof Button>, "type" | "loading" | "form">) {
  const submitting = useNavigation().state === "submitting";
  const button = (
    <Button type="submit" size="3" loading={busy ?? submitting} {...buttonProps}>
      {children}
    </Button>
  );
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      {end ? <Flex justify="end">{button}</Flex> : button}
    </>
  );
}

/** A new password, with the policy under it, and the same again to confirm it. */
export function NewPasswordFields<Schema>({
  password,
  confirm,
  labels,
  autoFocus = true,
}: {
  password: FieldMetadata<Schema>;
  confirm: FieldMetadata<Schema>;
  labels?: { password: ReactNode; confirm: ReactNode };
  /** On a page of its own the new password takes the focus; in a section of a page, not. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Field
        meta={password}
        label={labels?.password ?? t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("fields.passwordHint")}
        autoFocus={autoFocus}
      />
      <Field
        meta={confirm}
        label={labels?.confirm ?? t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** The six-digit code from a verification mail: a phone offers its digits and the code itself. */
export function CodeField<Schema>({
  meta,
  autoFocus,
}: {
  meta: FieldMetadata<Schema>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <Field
      meta={meta}
      label={t("fields.code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
    />
  );
}
