import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * For a <details> menu: closes it when the page changes, as a menu does. Without JavaScript each
 * page is new, so the menu starts closed anyway.
 */
export function useMenuClosesOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a new location
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);
  return ref;
}
