import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The preview's keys: Escape closes it, the left and right arrows go to the previous and next
 * file (replacing the history entry, so Back leaves the preview).
 */
export function usePreviewKeys({
  closeHref,
  previousHref,
  nextHref,
}: {
  closeHref: string;
  previousHref: string | null;
  nextHref: string | null;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const to =
        event.key === "Escape"
          ? closeHref
          : event.key === "ArrowLeft"
            ? previousHref
            : event.key === "ArrowRight"
              ? nextHref
              : null;
      if (!to) return;
      event.preventDefault();
      navigate(to, { preventScrollReset: true, replace: event.key !== "Escape" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, previousHref, nextHref, navigate]);
}
