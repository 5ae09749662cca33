import { useState } from "react";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Copies `text` to the clipboard. Only with JavaScript: without it the text beside it is
 * selected with one tap (CSS user-select: all), and copied as the browser copies.
 */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("links");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="soft"
      color="gray"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-live="polite">{copied ? t("link.copied") : t("link.copy")}</span>
    </Button>
  );
}
