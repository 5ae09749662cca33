import type { MetaDescriptor } from "@remix-run/node";

/** "Page · Product": the document title every route's meta builds. */
export function pageTitle(productName: string | undefined, page?: string): MetaDescriptor[] {
  const name = productName ?? "";
  return [{ title: page ? `${page} · ${name}` : name }];
}
