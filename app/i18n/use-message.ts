import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { formatFileSize } from "#domain/format.ts";
import { readMessage } from "./message-values.ts";
import { useTranslation } from "./react.tsx";

/**
 * Translates a validation or error message key. Domain schemas answer keys from
 * `messages.validation`, the API answers error codes from `messages.errors`; a key may carry
 * values of its own (messageWithValues).
 */
export function useMessage() {
  const { t, i18n } = useTranslation("messages");
  return (message: string) => {
    const { key, values: own } = readMessage(message);
    // The limits some messages name ("at most {{max}}"), worked out only for a message: the first
    // number format a page makes costs a slow phone about 90 ms, in every form that renders this
    // hook with no error to show (ADR 046, docs/performance.md#blocking-time).
    const values = { max: formatFileSize(IMAGE_MAX_BYTES, i18n.language), ...own };
    if (key.startsWith("errors.")) return t(key, values);
    return t(`validation.${key}`, {
      ...values,
      defaultValue: t(`errors.${key}`, { ...values, defaultValue: key }),
    });
  };
}
