import { useCallback, useEffect, useState } from "react";

/** Where the upload page remembers "Keep the screen on while uploading" (ADR 103). */
const SETTING_KEY = "uploads.keepScreenOn";

/**
 * The person's choice to keep the screen on while uploading: on unless they turned it off on
 * this device. Read after hydration, so the server's page and the first render agree.
 */
export function useKeepScreenOn() {
  const [on, setOn] = useState(true);
  useEffect(() => {
    try {
      setOn(localStorage.getItem(SETTING_KEY) !== "off");
    } catch {
      // No storage: the default.
    }
  }, []);
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(SETTING_KEY, next ? "on" : "off");
    } catch {
      // No storage: for this page only.
    }
  }, []);
  return [on, change] as const;
}

/**
 * Holds a screen wake lock while `active`: a phone whose screen goes dark locks, and a locked
 * phone pauses the page and its uploads. The platform lets the lock go when the page is hidden,
 * so it is asked for again when the page is visible again. Where the API does not exist
 * (older Safari, Firefox before 126), nothing happens.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let sentinel: WakeLockSentinel | undefined;
    let ended = false;
    const acquire = () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request("screen").then(
        (held) => {
          if (ended) held.release().catch(() => undefined);
          else sentinel = held;
        },
        () => undefined, // Refused (battery saver, no user activation): uploads go on all the same.
      );
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", acquire);
      sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
