import { useHydrated } from "#app/components/hydrated.ts";
import { useTranslation } from "#app/i18n/react.tsx";

/** Print, with JavaScript; without it, a line that says to use the browser's own Print. */
export function PrintButton() {
  const { t } = useTranslation("links");
  const hydrated = useHydrated();
  if (!hydrated) return <span className="poster-hint">{t("poster.printHint")}</span>;
  return (
    <button type="button" className="poster-print" onClick={() => window.print()}>
      {t("poster.print")}
    </button>
  );
}
