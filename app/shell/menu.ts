import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * For a <details> menu: closes it when the page changes, as a menu does. Without JavaScript each
 * page is new, so the menu starts closed anyway. Only a change closes it: a menu opened before
 * the page hydrated (a slow phone, a quick thumb) stays open when the scripts take over.
 */
export function useMenuClosesOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    ref.current?.removeAttribute("open");
  }, [location.key]);
  return ref;
}
