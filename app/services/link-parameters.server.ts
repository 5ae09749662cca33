import { carriesSecret, HANDED_OFF_HEADER, secretPath } from "#domain/secret-urls.ts";

/**
 * A mailed link's parameters: the page's address, plus the secrets the host moved out of it on
 * arrival (ADR 087). Pages reached from a link read their `code`, `key` or `token` here.
 */
export function linkParameters(request: Request): URLSearchParams {
  const parameters = new URL(request.url).searchParams;
  const handed = request.headers.get(HANDED_OFF_HEADER);
  if (!handed) return parameters;
  for (const [name, value] of new URLSearchParams(handed)) {
    if (!parameters.has(name)) parameters.append(name, value);
  }
  return parameters;
}

/** Whether the page holds a secret from its link: then no third-party script may load on it. */
export function holdsSecret(request: Request): boolean {
  const url = new URL(request.url);
  return request.headers.has(HANDED_OFF_HEADER) || carriesSecret(url) || secretPath(url);
}
