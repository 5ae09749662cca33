import type { components, paths } from "./openapi.d.ts";

/*
 * The web tier's side of the one contract with the API: every request and answer type comes
 * from the API's own OpenAPI document, generated into openapi.d.ts (`npm run api-types`; a test
 * fails when it is stale, ADR 020). A call names its path and method once in its type, so a
 * path, field or type the API changes or drops is a type error here, not a surprise at run time.
 */

/** One of the API's named schemas (its OpenAPI components), e.g. `Schema<"Collection">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

export type ApiPath = keyof paths;
type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<Response> = Response extends { content: { "application/json": infer Json } }
  ? Json
  : never;

/** What `M` on `P` answers when it succeeds: its 200 or 201 JSON body, or null for a 204. */
export type Answer<P extends ApiPath, M extends Method> =
  Operation<P, M> extends {
    responses: infer Responses;
  }
    ? Responses extends { 200: infer Ok }
      ? JsonOf<Ok>
      : Responses extends { 201: infer Created }
        ? JsonOf<Created>
        : Responses extends { 204: unknown }
          ? null
          : never
    : never;

/** The query `M` on `P` takes. */
export type Query<P extends ApiPath, M extends Method = "get"> = NonNullable<
  Operation<P, M>["parameters"]["query"]
>;

/** The JSON body `M` on `P` takes. */
export type Body<P extends ApiPath, M extends Method> =
  Operation<P, M> extends {
    requestBody?: infer RequestBody;
  }
    ? JsonOf<NonNullable<RequestBody>>
    : never;

/** `?name=value&…` for the defined, non-empty values of a query, or "". */
export function querySuffix(query: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : "";
}
