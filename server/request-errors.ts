import type { Logger } from "pino";

/**
 * What the host answers when it cannot even make a request of what arrived (a backslash in the
 * path, which @hono/node-server refuses), or when its own plumbing fails before the API or the
 * web app answers: the API's error body, as for any other refusal, never an empty 400 or a 500
 * without one.
 */
export function hostErrorAnswer(error: unknown, logger: Pick<Logger, "error">) {
  const unreadable = error instanceof Error && error.name === "RequestError";
  if (!unreadable) logger.error({ err: error }, "request failed in the host");
  const [statusCode, errorCode, message] = unreadable
    ? [400, "invalidInput", "The request's address is not valid"]
    : [500, "generic", "Something went wrong"];
  return Response.json({ statusCode, errorCode, message }, { status: statusCode });
}
