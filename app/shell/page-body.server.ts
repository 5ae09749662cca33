import { Writable } from "node:stream";

/*
 * Where React's `pipe` writes a page (entry.server.tsx). React writes in bursts of small chunks:
 * the shell at once, then each streamed part when it is ready. Every chunk that went into a web
 * stream on its own cost a round of promises there, and a flush in the compression after it;
 * on the files page, more than the rendering itself (ADR 044). So chunks are gathered: a whole
 * page into one buffer, a streamed page into one chunk per burst.
 */

/**
 * A Writable that takes a repeated `end()` quietly. React ends its destination twice when a page
 * is piped once it is all ready (tests/unit/page-body.test.ts); Node answers the second call by
 * building an ERR_STREAM_ALREADY_FINISHED error that nobody sees, stack trace and all: 0.5 % of
 * a files page's server time (docs/performance.md#server-throughput). A call with arguments is
 * Node's to answer.
 */
export class PageDestination extends Writable {
  override end(...args: [unknown?, unknown?, unknown?]): this {
    if (args.length === 0 && this.writableEnded) return this;
    return Reflect.apply(super.end, this, args);
  }
}

/**
 * A destination that hands over everything written, in one buffer, once React has ended; or its
 * failure, if React gives up on it, so the request is answered either way.
 */
export function wholePage(
  done: (page: Uint8Array<ArrayBuffer>) => void,
  failed: (error: Error) => void,
): Writable {
  const chunks: Buffer[] = [];
  return new PageDestination({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      next();
    },
    final(next) {
      // A Buffer's memory is an ArrayBuffer (Node's pool or its own), never a shared one.
      done(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>);
      next();
    },
    destroy(error, next) {
      if (error) failed(error);
      next(error);
    },
  });
}

/**
 * A destination and the stream that reads it: what was written together reaches the stream as
 * one chunk, once the writing stops for a turn of the event loop. When the response's reader
 * goes away, the destination closes, which stops React.
 */
export function pageStream(): { sink: Writable; stream: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (!open || pending.length === 0) return;
    const chunk = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    pending = [];
    controller?.enqueue(chunk);
  };
  const end = (error?: Error | null) => {
    if (!open) return;
    if (error) {
      open = false;
      controller?.error(error);
      return;
    }
    release();
    open = false;
    controller?.close();
  };
  const sink = new PageDestination({
    write(chunk: Buffer, _encoding, next) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      next();
    },
    final(next) {
      end();
      next();
    },
    destroy(error, next) {
      end(error);
      next(error);
    },
  });
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      open = false;
      pending = [];
      sink.destroy();
    },
  });
  return { sink, stream };
}
