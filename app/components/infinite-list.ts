import { useFetcher, useSubmit } from "@remix-run/react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "#domain/constants.ts";

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
}) {
  const [items, setItems] = useState(first.items);
  const [lastKey, setLastKey] = useState(first.lastKey);
  const more = useFetcher<Data>();
  const moreLink = useRef<HTMLAnchorElement>(null);

  // A new search or a new first page replaces what was appended.
  useEffect(() => {
    setItems(first.items);
    setLastKey(first.lastKey);
  }, [first]);

  useEffect(() => {
    if (!more.data || more.state !== "idle") return;
    const next = pageOf(more.data);
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
