import { data, redirect } from "@remix-run/node";
import { i18nServer } from "#app/i18n/language.server.ts";
import type { WebContext } from "#app/load-context.ts";
import { ApiRequestError, serviceUnavailable } from "#app/services/api/client.server.ts";
import { refreshedSessionHeaders, signInAgain } from "#app/services/auth.server.ts";
import { returnPathOf } from "#app/services/redirect.ts";
import { BodyRefusal } from "#app/services/request-body.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/** Which handler threw: a loader or an action, of a page or of a resource route (no page). */
export interface RouteHandler {
  kind: "loader" | "action";
  page: boolean;
}

/** What apiCall throws when the API cannot be reached (serviceUnavailable()). */
function isUnavailable(error: unknown) {
  return isDataWithResponseInit(error) && error.init?.status === 503;
}

function isDataWithResponseInit(error: unknown): error is ReturnType<typeof data> {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

async function textAnswer(request: Request, status: 400 | 413 | 415 | 503, key: string) {
  const t = await i18nServer.getFixedT(request, "common");
  return new Response(t(key), {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...(status === 503 ? { "Retry-After": "30" } : {}),
    },
  });
}

/** A body the action may not read (ADR 021): the error page, or a line of text from a resource route. */
function bodyRefused(request: Request, refusal: BodyRefusal, page: boolean) {
  if (page) return data({ errorCode: refusal.errorCode }, { status: refusal.status });
  return textAnswer(request, refusal.status, `errors.${refusal.errorCode}Message`);
}

interface RouteArgs {
  request: Request;
  context: WebContext;
}

/**
 * The one place an API error that a loader or action did not answer itself becomes a response
 * (ADR 018). The host runs every route's loader and action through it (server/web.ts), so no
 * route needs a try/catch to be safe:
 *
 * - a session that has ended (401 on a call with a token): sign in again, then come back here;
 * - 403 or 404 from a loader, or 404 from an action: the page does not exist for this visitor
 *   (docs/product.md#client-messages: a 4xx on a team goes to /404);
 * - any other refusal from a loader (a filter or page link the API refuses): a 400 page;
 * - any other refusal from an action: back to the page, the API's reason in a snackbar
 *   (forms that show it on the form itself answer it first, with `attempt` and `formRefusal`);
 * - the API failing (5xx): the 503 page, the same as when it cannot be reached;
 * - a form body of the wrong type or size, or unreadable (request-body.server.ts): 415, 413, 400.
 *
 * A resource route has no page for the error boundary: its 400 and 503 are a line of text.
 *
 * Answers what to throw instead of `error`: a response, or `error` itself when it is not the
 * API's (a thrown response, or a bug, which the error boundary shows as a 500).
 */
export async function mapRouteError(
  error: unknown,
  { request, context }: RouteArgs,
  { kind, page }: RouteHandler,
): Promise<unknown> {
  if (error instanceof BodyRefusal) return bodyRefused(request, error, page);
  if (!page && isUnavailable(error)) return textAnswer(request, 503, "errors.unavailableMessage");
  if (!(error instanceof ApiRequestError)) return error;
  if (error.sessionEnded) return signInAgain(request, context);
  const headers = new Headers(refreshedSessionHeaders(request));
  if (error.statusCode >= 500) {
    if (!page) return textAnswer(request, 503, "errors.unavailableMessage");
    return data(serviceUnavailable().data, { status: 503, headers });
  }
  if (error.statusCode === 404 || (kind === "loader" && error.statusCode === 403)) {
    return redirect("/404", { headers });
  }
  if (kind === "loader") {
    if (!page) return textAnswer(request, 400, "errors.badRequestMessage");
    return data({ errorCode: error.errorCode }, { status: 400, headers });
  }
  return redirectWithToast(
    request,
    context,
    returnPathOf(request) ?? "/",
    { type: "error", message: `messages:errors.${error.errorCode}` },
    { status: 303, headers },
  );
}
