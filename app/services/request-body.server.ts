import {
  MaxPartSizeExceededError,
  type UploadHandler,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { type BodyRules, FORM_BODY_MAX_BYTES } from "./request-body.ts";

/*
 * What an action may be sent (ADR 021). Every route's action gets its request through
 * guardActionRequest (the host wraps every action, server/web.ts), so a form post is refused
 * before its body is read when it is of a type no form of ours sends (415) or larger than the
 * route takes (413), and a body that turns out to be too large or unreadable while the action
 * reads it is a 413 or a 400, never a 500 or a server holding a 300 MB form in memory.
 */

/** What browsers send for a form: the only types an action takes unless it says otherwise. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** An action's body refused: what mapRouteError answers with its status. */
export class BodyRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly errorCode: "unreadableForm" | "formTooLarge" | "unsupportedForm",
  ) {
    super(`request body refused: ${errorCode}`);
    this.name = "BodyRefusal";
  }
}

/**
 * The request an action reads: the same request with its body counted as it streams (refused
 * once it passes the route's limit) and its readers turning a body that cannot be read into a
 * 400. Throws a BodyRefusal at once for a type the route does not take or a declared length
 * over the limit. `handle` is the route module's: its `body` holds the route's own rules.
 */
export function guardActionRequest(request: Request, handle?: unknown): Request {
  if (!request.body) return request;
  const rules = (handle as { body?: BodyRules } | undefined)?.body ?? {};
  const maxBytes = rules.maxBytes ?? FORM_BODY_MAX_BYTES;
  const types = rules.types ?? FORM_TYPES;
  const contentType = request.headers.get("Content-Type");
  const declared = request.headers.get("Content-Length");
  const length = declared === null ? null : Number(declared);
  // An empty post says nothing of its type, and needs not; what it says must be taken. Either
  // way, what reads it below meets a 400 rather than a parser's error.
  const saysNothing = length === 0 && !contentType;
  if (!saysNothing && !(contentType && acceptsType(contentType, types))) {
    throw new BodyRefusal(415, "unsupportedForm");
  }
  if (length !== null && length > maxBytes) throw new BodyRefusal(413, "formTooLarge");
  return new GuardedRequest(request, maxBytes);
}

function acceptsType(contentType: string, types: readonly string[]) {
  const [type = "", ...parameters] = contentType.split(";").map((part) => part.trim());
  const essence = type.toLowerCase();
  if (!types.includes(essence)) return false;
  // A multipart body without its boundary cannot be read at all.
  if (essence === "multipart/form-data") {
    return parameters.some((parameter) => /^boundary=./i.test(parameter));
  }
  return true;
}

/**
 * The request with a counted body. Whatever reads it, a reader below or a multipart parser on
 * `body`, meets the BodyRefusal as the stream's error once the limit is passed.
 */
class GuardedRequest extends Request {
  readonly #limit: { exceeded: boolean };

  constructor(request: Request, maxBytes: number) {
    const limit = { exceeded: false };
    let bytes = 0;
    const counted = (request.body as ReadableStream<Uint8Array>).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > maxBytes) {
            limit.exceeded = true;
            controller.error(new BodyRefusal(413, "formTooLarge"));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
      // Past the limit the rest is not cancelled (which would cut the connection before the
      // client reads the 413): the host drains and drops it once the answer is sent.
      { preventCancel: true },
    );
    super(request.url, {
      method: request.method,
      headers: request.headers,
      body: counted,
      signal: request.signal,
      duplex: "half",
    } as RequestInit);
    this.#limit = limit;
  }

  /** A failure to read the body: too large, or not what its type says. */
  #refusal(error: unknown) {
    if (error instanceof BodyRefusal) return error;
    if (this.#limit.exceeded) return new BodyRefusal(413, "formTooLarge");
    return new BodyRefusal(400, "unreadableForm");
  }

  override formData() {
    return super.formData().catch((error: unknown) => Promise.reject(this.#refusal(error)));
  }

  override text() {
    return super.text().catch((error: unknown) => Promise.reject(this.#refusal(error)));
  }

  override json() {
    return super.json().catch((error: unknown) => Promise.reject(this.#refusal(error)));
  }

  override arrayBuffer() {
    return super.arrayBuffer().catch((error: unknown) => Promise.reject(this.#refusal(error)));
  }
}

/** The most a multipart form's plain field may hold: the file forms' fields are a few words. */
const MULTIPART_FIELD_MAX_BYTES = 1024;

/**
 * A multipart form with files, streamed: each file part goes to `fileHandler`, the other fields
 * (1 KB at most each) are kept. Remix's multipart parser reads the body itself, past the
 * request's own readers: a body it cannot read (a part cut short, a broken header) or a field
 * too large is a BodyRefusal here too, while what `fileHandler` throws is its own.
 */
export async function readMultipartForm(request: Request, fileHandler: UploadHandler) {
  const thrownByHandler = new Set<unknown>();
  const handler: UploadHandler = async (part) => {
    try {
      // A file part's bytes come from the parser as the handler reads them: a body cut short
      // shows there first.
      return await fileHandler({ ...part, data: refusingUnreadable(part.data) });
    } catch (error) {
      thrownByHandler.add(error);
      throw error;
    }
  };
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(
        handler,
        unstable_createMemoryUploadHandler({ maxPartSize: MULTIPART_FIELD_MAX_BYTES }),
      ),
    );
  } catch (error) {
    if (error instanceof BodyRefusal || thrownByHandler.has(error)) throw error;
    if (error instanceof MaxPartSizeExceededError) throw new BodyRefusal(413, "formTooLarge");
    throw new BodyRefusal(400, "unreadableForm");
  }
}

/** A part's bytes, where a failure to read them is the body's fault: a BodyRefusal. */
async function* refusingUnreadable(data: AsyncIterable<Uint8Array>) {
  try {
    yield* data;
  } catch (error) {
    throw error instanceof BodyRefusal ? error : new BodyRefusal(400, "unreadableForm");
  }
}
