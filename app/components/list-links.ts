import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * For a long list whose rows hold plain links (<a href>): one listener on the list opens them in
 * the browser, as a <Link> would, and the rows' <details> menus close when the page changes. A
 * <Link> costs each link several hooks in every render, twenty rows times four links on the
 * files screen (ADR 038, docs/performance.md#server-throughput); a plain link costs nothing and
 * works the same without JavaScript.
 *
 * `keepScroll` is the list's <Link preventScrollReset>: the page stays where it is, for links
 * that open a dialog over the list or filter it. A link marked `data-keep-scroll` keeps it in a
 * list that otherwise scrolls to the top of the next page.
 *
 * A link marked `data-document` (a download, a resource route) loads as a document, as do links
 * to another origin or with a target, and clicks with a modifier key (a new tab). A <Link> in
 * the list handles its own clicks.
 */
export function useListLinks<T extends HTMLElement>({ keepScroll }: { keepScroll: boolean }) {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !list.contains(link)) return;
      if (link.target || link.origin !== window.location.origin) return;
      if (link.hasAttribute("download") || "document" in link.dataset) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`, {
        preventScrollReset: keepScroll || "keepScroll" in link.dataset,
      });
    };
    list.addEventListener("click", onClick);
    return () => list.removeEventListener("click", onClick);
  }, [navigate, keepScroll]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a new location
  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll("details[open]") ?? []) {
      menu.removeAttribute("open");
    }
  }, [location.key]);

  return ref;
}
