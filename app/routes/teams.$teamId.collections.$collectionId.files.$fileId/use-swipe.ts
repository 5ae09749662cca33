import { useNavigate } from "@remix-run/react";
import { type RefObject, useEffect } from "react";

/** How far a finger travels sideways, in CSS pixels, before a swipe turns the page. */
export const SWIPE_MIN_PX = 48;
/** A swipe is sideways: its horizontal travel at least this many times its vertical one. */
const SWIPE_SLOPE = 1.5;

/**
 * The preview's swipe (ADR 075): on a touch screen, a finger moved sideways across the stage past
 * SWIPE_MIN_PX goes to the next file (to the left) or the previous one (to the right), replacing
 * the history entry as the arrows do. It reads pointer events, and the stage's CSS leaves vertical
 * scrolling and pinch-zoom to the browser (touch-action: pan-y pinch-zoom). A second finger ends
 * the swipe (it is a pinch); so does a page zoomed in (the finger pans the picture), and a video's
 * own surface (its controls scrub). A mouse never swipes: it has the arrows and the keys.
 */
export function useSwipe(
  stage: RefObject<HTMLElement>,
  { previousHref, nextHref }: { previousHref: string | null; nextHref: string | null },
) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    let start: { id: number; x: number; y: number } | null = null;
    const fingers = new Set<number>();
    const onDown = (event: PointerEvent) => {
      if (event.pointerType === "mouse") return;
      fingers.add(event.pointerId);
      const zoomed = (window.visualViewport?.scale ?? 1) > 1.01;
      const onVideo = event.target instanceof Element && event.target.closest("video") !== null;
      start =
        fingers.size === 1 && !zoomed && !onVideo
          ? { id: event.pointerId, x: event.clientX, y: event.clientY }
          : null;
    };
    const onUp = (event: PointerEvent) => {
      fingers.delete(event.pointerId);
      if (!start || start.id !== event.pointerId) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < SWIPE_SLOPE * Math.abs(dy)) return;
      const to = dx < 0 ? nextHref : previousHref;
      if (to) navigate(to, { preventScrollReset: true, replace: true });
    };
    const onCancel = (event: PointerEvent) => {
      fingers.delete(event.pointerId);
      if (start?.id === event.pointerId) start = null;
    };
    element.addEventListener("pointerdown", onDown);
    element.addEventListener("pointerup", onUp);
    element.addEventListener("pointercancel", onCancel);
    return () => {
      element.removeEventListener("pointerdown", onDown);
      element.removeEventListener("pointerup", onUp);
      element.removeEventListener("pointercancel", onCancel);
    };
  }, [stage, previousHref, nextHref, navigate]);
}
