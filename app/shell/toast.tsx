import { Callout } from "#app/components/callout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { SNACKBAR_MS } from "#domain/constants.ts";

const colours = { success: "grass", error: "red", info: "indigo" } as const;

/**
 * The 4-second snackbar of docs/product.md#client-messages. A CSS animation hides it after
 * SNACKBAR_MS, so it behaves the same with or without JavaScript.
 */
export function Toast({
  toast,
}: {
  toast: { type: "success" | "error" | "info"; message: string; values?: Record<string, string> };
}) {
  const { t } = useTranslation();
  return (
    <div
      className="toast"
      role={toast.type === "error" ? "alert" : "status"}
      style={{ animationDuration: `${SNACKBAR_MS}ms` }}
    >
      <Callout.Root color={colours[toast.type]} variant="surface">
        <Callout.Text>{t(toast.message, toast.values)}</Callout.Text>
      </Callout.Root>
    </div>
  );
}
