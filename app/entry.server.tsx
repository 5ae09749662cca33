import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { detectLocale, resources } from "#app/i18n/language.server.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import { canStream } from "#app/services/streaming.server.ts";
import { NonceProvider } from "#app/shell/nonce.tsx";
import { pageStream, wholePage } from "#app/shell/page-body.server.ts";

export const streamTimeout = 5_000;

/** The host gives every action its request through this (server/web.ts, ADR 021). */
export { guardActionRequest } from "#app/services/request-body.server.ts";
/** The host passes what every loader and action throws through this (server/web.ts, ADR 018). */
export { mapRouteError } from "#app/shell/route-errors.server.ts";

/**
 * What Remix reports of a failed request. A client's mistake that Remix answers itself (a post to
 * a page with no form, a path no route has) is a 4xx, not a failure of ours: it is not logged,
 * so garbage from the internet cannot flood the log with stack traces; nor is a cancelled
 * request.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Remix's own warnings about what a client asked (`?_data` on a single-fetch app): one line.
  if (error instanceof Error && error.message.startsWith("Warning: ")) {
    return void console.warn(error.message);
  }
  console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await detectLocale(request);
  const nonce = loadContext.cspNonce;
  // Streamed Suspense chunks need a script to appear: browsers that have not shown they run
  // JavaScript (and bots) wait for the whole page.
  const streamShell = canStream(request);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cut short a render still going after the stream timeout. A page written (or given up) clears
    // it: left to run, the timer held every finished page's render in memory for six seconds.
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const stopDeadline = () => clearTimeout(deadline);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider language={language} catalogs={resources}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        [streamShell ? "onShellReady" : "onAllReady"]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const answer = (body: ReadableStream | Uint8Array<ArrayBuffer>) =>
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          if (streamShell) {
            const { sink, stream } = pageStream();
            answer(stream);
            pipe(sink.on("close", stopDeadline));
          } else {
            // Nothing is left to wait for: the page goes out whole.
            pipe(wholePage(answer, reject).on("close", stopDeadline));
          }
        },
        onShellError(error: unknown) {
          stopDeadline();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log the rest, but not
          // React's word that the page could not be finished because the browser went away.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    deadline = setTimeout(abort, streamTimeout + 1000);
  });
}
