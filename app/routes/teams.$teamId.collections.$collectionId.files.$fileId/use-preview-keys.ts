import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The preview's keys: Escape closes it, the left and right arrows go to the previous and next
 * file (replacing the history entry, so Back leaves the preview). A video that has the focus
 * keeps its arrows: they seek it.
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
      const seeking = event.target instanceof HTMLMediaElement && event.key.startsWith("Arrow");
      if (seeking) return;
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
