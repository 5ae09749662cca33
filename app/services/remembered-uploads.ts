import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** The localStorage key of unfinished-uploads.ts's records (ADR 104). */
export const RECORDS_KEY = "uploads.unfinished";

/**
 * Whether this browser remembers any unfinished upload: a look at one localStorage key, after
 * hydration, on every navigation and when another tab changes it. The team's pages load their
 * notice only then, so a browser with nothing to finish pays nothing for it.
 */
export function useRemembersUploads() {
  const { key } = useLocation();
  const [remembers, setRemembers] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation looks again.
  useEffect(() => {
    const look = () => {
      try {
        setRemembers(localStorage.getItem(RECORDS_KEY) !== null);
      } catch {
        setRemembers(false);
      }
    };
    look();
    window.addEventListener("storage", look);
    return () => window.removeEventListener("storage", look);
  }, [key]);
  return remembers;
}
