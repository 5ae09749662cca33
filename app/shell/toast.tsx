import { Form } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { SNACKBAR_MS } from "#domain/constants.ts";

const colours = { success: "grass", error: "red", info: "indigo" } as const;

/**
 * A snackbar with Undo stays twice as long: time to read it and reach the button (ADR 093).
 */
const UNDO_SNACKBAR_MS = 2 * SNACKBAR_MS;

/**
 * The 4-second snackbar of docs/product.md#client-messages. A CSS animation hides it after
 * SNACKBAR_MS, so it behaves the same with or without JavaScript. With `undo`, it holds an Undo
 * button: a plain form post (moving to the trash, ADR 093).
 */
export function Toast({
  toast,
}: {
  toast: {
    type: "success" | "error" | "info";
    message: string;
    values?: Record<string, string>;
    undo?: { action: string; fields: Record<string, string> };
  };
}) {
  const { t } = useTranslation();
  const { undo } = toast;
  return (
    <div
      className="toast"
      role={toast.type === "error" ? "alert" : "status"}
      style={{ animationDuration: `${undo ? UNDO_SNACKBAR_MS : SNACKBAR_MS}ms` }}
    >
      <Callout.Root color={colours[toast.type]} variant="surface">
        {undo ? (
          <Flex align="center" justify="between" gap="3" className="toast-undo">
            <Callout.Text>{t(toast.message, toast.values)}</Callout.Text>
            <Form method="post" action={undo.action} preventScrollReset>
              {Object.entries(undo.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit" variant="soft" size="2">
                {t("common:toast.undo")}
              </Button>
            </Form>
          </Flex>
        ) : (
          <Callout.Text>{t(toast.message, toast.values)}</Callout.Text>
        )}
      </Callout.Root>
    </div>
  );
}
