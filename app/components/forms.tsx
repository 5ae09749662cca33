import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Callout, Flex, Text, TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * Translates a validation or error message key. Domain schemas answer keys from
 * `messages.validation`, the API answers error codes from `messages.errors`.
 */
export function useMessage() {
  const { t, i18n } = useTranslation("messages");
  // The limits some messages name ("at most {{max}}").
  const values = { max: formatFileSize(IMAGE_MAX_BYTES, i18n.language) };
  return (key: string) => {
    if (key.startsWith("errors.")) return t(key, values);
    return t(`validation.${key}`, {
      ...values,
      defaultValue: t(`errors.${key}`, { ...values, defaultValue: key }),
    });
  };
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
