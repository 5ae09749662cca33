import { useEffect, useRef, useState } from "react";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/** Shows `active` at once and keeps it on at least `minimumMs` (the loading banner's rule). */
export function useMinimumVisible(active: boolean, minimumMs: number) {
  const [shown, setShown] = useState(active);
  const since = useRef(0);
  useEffect(() => {
    if (active) {
      since.current = Date.now();
      setShown(true);
      return;
    }
    const left = since.current + minimumMs - Date.now();
    if (left <= 0) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(false), left);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);
  return shown;
}

/** "Loading…" over the collections list, while it reloads or streams in. */
export function LoadingBanner() {
  const { t } = useTranslation("collections");
  return (
    <Callout.Root color="gray" size="1" className="collections-loading" aria-live="polite">
      <Callout.Icon>
        <Icon name="reload" />
      </Callout.Icon>
      <Callout.Text>{t("loading")}</Callout.Text>
    </Callout.Root>
  );
}

/** The Suspense fallback: the banner, and it tells the screen a list is on its way. */
export function Pending({ onPending }: { onPending: (pending: boolean) => void }) {
  useEffect(() => {
    onPending(true);
    return () => onPending(false);
  }, [onPending]);
  return <LoadingBanner />;
}
