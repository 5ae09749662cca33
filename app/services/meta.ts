import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

/** "Page · Product": the document title every route's meta builds. */
export function pageTitle(productName: string | undefined, page?: string): MetaDescriptor[] {
  const name = productName ?? "";
  return [{ title: page ? `${page} · ${name}` : name }];
}

/** The product name from the root loader, for a route's meta function. */
export function rootProductName(matches: ReadonlyArray<{ id: string; data: unknown }>) {
  const root = matches.find((match) => match.id === "root")?.data as
    | { ENV?: { productName?: string } }
    | undefined;
  return root?.ENV?.productName;
}

/** A page's title: its loader's `title`, then the product name. The meta of most pages. */
export const titleMeta: MetaFunction = ({ data, matches }) =>
  pageTitle(rootProductName(matches), (data as { title?: string } | undefined)?.title);

/** The same, for a page reached by an unguessable address, which search engines must not keep. */
export const unlistedTitleMeta: MetaFunction = (args) => [
  ...pageTitle(rootProductName(args.matches), (args.data as { title?: string } | undefined)?.title),
  { name: "robots", content: "noindex, nofollow" },
];
