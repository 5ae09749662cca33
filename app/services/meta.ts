import type { MetaDescriptor } from "@remix-run/node";

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
