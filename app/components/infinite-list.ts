import { useFetcher, useRevalidator, useSubmit } from "@remix-run/react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "#domain/constants.ts";

/** Away from the page at least this long before coming back fetches the list again. */
const REFETCH_AWAY_MS = 3000;
/** And at most one such refetch in this time. */
const REFETCH_THROTTLE_MS = 10_000;

interface Page<Item> {
  items: Item[];
  lastKey: string | null;
}

/**
 * An infinite list over keyset pages (docs/product.md#lists: 20 to a page, the next loads on
 * scroll). The server renders one page and a plain "load more" link to the next; with JavaScript
 * the link loads that page into this one when it scrolls into view (or is clicked).
 */
export function useInfiniteList<Item, Data>({
  first,
  hrefFor,
  loadHrefFor = hrefFor,
  pageOf,
  keyOf,
  refetchOnFocus = false,
}: {
  first: Page<Item>;
  /** The address of the page after `lastKey`, which the link points to. */
  hrefFor: (lastKey: string) => string;
  /**
   * Where the fetcher loads that page from, when not the link's address: a page drawn by a
   * pathless layout (the team's home) cannot be a fetcher's target, so it has a data route.
   */
  loadHrefFor?: (lastKey: string) => string;
  /** The page in a loader's answer for that address. */
  pageOf: (data: Data) => Page<Item>;
  keyOf: (item: Item) => string;
  /**
   * Fetch the page's data again when the tab comes back after a while (docs/product.md#lists:
   * collections and files refetch on window focus), keeping the pages loaded beyond the first.
   */
  refetchOnFocus?: boolean;
}) {
  const [items, setItems] = useState(first.items);
  const [lastKey, setLastKey] = useState(first.lastKey);
  const more = useFetcher<Data>();
  const moreLink = useRef<HTMLAnchorElement>(null);
  // How many of the items shown are the first page's, and whether pages were appended to them.
  const firstCount = useRef(first.items.length);
  const appended = useRef(false);
  // Set while a refetch on focus runs: its new first page keeps what was appended.
  const refetching = useRef(false);
  const revalidator = useRevalidator();

  // A new search or a new first page replaces what was appended; a refetch on focus replaces
  // the first page only, and keeps the loaded pages' items it did not bring back.
  useEffect(() => {
    if (refetching.current && appended.current) {
      const fresh = new Set(first.items.map(keyOf));
      setItems((shown) => [
        ...first.items,
        ...shown.slice(firstCount.current).filter((item) => !fresh.has(keyOf(item))),
      ]);
    } else {
      appended.current = false;
      setItems(first.items);
      setLastKey(first.lastKey);
    }
    refetching.current = false;
    firstCount.current = first.items.length;
  }, [first, keyOf]);

  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  useEffect(() => {
    if (!refetchOnFocus) return;
    let awaySince: number | null = document.visibilityState === "hidden" ? Date.now() : null;
    let lastRefetch = 0;
    const away = () => {
      awaySince ??= Date.now();
    };
    const back = () => {
      if (awaySince === null || document.visibilityState === "hidden") return;
      const now = Date.now();
      const long = now - awaySince >= REFETCH_AWAY_MS;
      awaySince = null;
      const current = revalidatorRef.current;
      if (!long || now - lastRefetch < REFETCH_THROTTLE_MS || current.state !== "idle") return;
      lastRefetch = now;
      refetching.current = true;
      current.revalidate();
    };
    const visibility = () => (document.visibilityState === "hidden" ? away() : back());
    document.addEventListener("visibilitychange", visibility);
    window.addEventListener("blur", away);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", visibility);
      window.removeEventListener("blur", away);
      window.removeEventListener("focus", back);
    };
  }, [refetchOnFocus]);

  useEffect(() => {
    if (!more.data || more.state !== "idle") return;
    const next = pageOf(more.data);
    appended.current = true;
    setItems((shown) => [
      ...shown,
      ...next.items.filter((item) => !shown.some((s) => keyOf(s) === keyOf(item))),
    ]);
    setLastKey(next.lastKey);
  }, [more.data, more.state, pageOf, keyOf]);

  const nextHref = lastKey ? hrefFor(lastKey) : null;
  const loadHref = lastKey ? loadHrefFor(lastKey) : null;

  useEffect(() => {
    const link = moreLink.current;
    if (!link || !loadHref) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && more.state === "idle") {
        more.load(loadHref);
      }
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [loadHref, more]);

  return {
    items,
    nextHref,
    /** Props for the "load more" link. */
    moreLinkProps: {
      ref: moreLink,
      onClick: (event: { preventDefault(): void }) => {
        event.preventDefault();
        if (loadHref && more.state === "idle") more.load(loadHref);
      },
    },
  };
}

/** A search field's onChange that submits its GET form once typing pauses (500 ms). */
export function useDebouncedSearch() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form) submit(form, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };
}
