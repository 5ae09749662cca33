import { Form } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import type { FilesView } from "#app/files/files-view.ts";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Grid or List (ADR 073): a form that posts the choice to the screen, which keeps it in a
 * cookie and comes back to the same address, with or without JavaScript.
 */
export function FilesViewToggle({ view, action }: { view: FilesView; action: string }) {
  const { t } = useTranslation("files");
  return (
    <Form method="post" action={action} preventScrollReset className="files-view-toggle">
      <input type="hidden" name="intent" value="view" />
      {(["grid", "list"] as const).map((option) => (
        <Button
          key={option}
          type="submit"
          name="view"
          value={option}
          size="1"
          variant={view === option ? "solid" : "soft"}
          color={view === option ? undefined : "gray"}
          aria-pressed={view === option}
        >
          {t(`view.${option}`)}
        </Button>
      ))}
    </Form>
  );
}
