import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { MediaTimeoutError } from "./errors.ts";

/** The decoders that run in a worker thread of their own, each in `api/media/<name>.ts`. */
export type MediaWorkerName = "heic-worker" | "pdf-worker";

// In the build, scripts/build-host.mjs emits each worker as build/host/<name>.js beside the
// bundled server, which holds this module. Under tsx and vitest this module is
// api/media/workers.ts and each worker its TypeScript sibling: a worker does not inherit the
// TypeScript loader, so a few lines of JavaScript register tsx in the worker first, then load it.
const fromSource = import.meta.url.endsWith(".ts");

let tsxApi: string | undefined;

/** Where `import "tsx/esm/api"` leads, found from this file rather than the worker's cwd. */
function tsxApiUrl(): string {
  if (tsxApi) return tsxApi;
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = exports["./esm/api"]?.import.default ?? "./dist/esm/api/index.mjs";
  tsxApi = pathToFileURL(path.join(path.dirname(manifest), entry)).href;
  return tsxApi;
}

/** Starts the worker `name` with `workerData`, from the build or from the TypeScript source. */
function startMediaWorker(
  name: MediaWorkerName,
  workerData: unknown,
  { resourceLimits, transferList, preload = [] }: RunMediaWorkerOptions,
): Worker {
  const options = { workerData, resourceLimits, transferList };
  if (!fromSource) return new Worker(new URL(`./${name}.js`, import.meta.url), options);
  const url = new URL(`./${name}.ts`, import.meta.url);
  const require = createRequire(import.meta.url);
  const preloaded = preload.map((specifier) => pathToFileURL(require.resolve(specifier)).href);
  const source = `Promise.all(${JSON.stringify(preloaded)}.map((url) => import(url)))
      .then(() => import(${JSON.stringify(tsxApiUrl())}))
      .then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(source, { eval: true, ...options });
}

/** The worker failed before it answered: it threw, ran out of memory, or stopped. */
export class MediaWorkerError extends Error {
  override name = "MediaWorkerError";
  /** ERR_WORKER_OUT_OF_MEMORY when it passed its resourceLimits. */
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(`The decoder's worker failed: ${cause instanceof Error ? cause.message : cause}`, {
      cause,
    });
    this.code =
      cause && typeof cause === "object" && "code" in cause ? String(cause.code) : undefined;
  }
}

export interface RunMediaWorkerOptions {
  /** What the worker does, for the timeout's message: "Decoding the HEIC image". */
  what: string;
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
  /** The ArrayBuffers of workerData moved to the worker rather than copied. */
  transferList?: ArrayBuffer[];
  /**
   * Packages of plain JavaScript the worker imports, loaded before tsx when it runs from the
   * sources, so tsx does not transform them again in every worker (seconds for pdf.js).
   */
  preload?: string[];
}

/**
 * Runs the worker `name` once, in a new thread ended as soon as it has answered: resolves with
 * the first message it posts. Past `timeoutMs` the worker is ended and this rejects with
 * MediaTimeoutError; a worker that throws, passes its resource limits or stops without a word
 * rejects with MediaWorkerError. A failure fails this call only.
 */
export function runMediaWorker<Result>(
  name: MediaWorkerName,
  workerData: unknown,
  options: RunMediaWorkerOptions,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = startMediaWorker(name, workerData, options);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new MediaTimeoutError(options.what, options.timeoutMs))),
      options.timeoutMs,
    );
    worker.once("message", (result: Result) => settle(() => resolve(result)));
    worker.once("error", (error) => settle(() => reject(new MediaWorkerError(error))));
    worker.once("exit", (code) =>
      settle(() => reject(new MediaWorkerError(new Error(`the worker stopped (${code})`)))),
    );
  });
}

/** A worker kept between runs, for decoders that are slow to start (keptMediaWorker). */
export interface KeptMediaWorker {
  /**
   * Posts `message` to the kept worker (started if none is) and resolves with its answer. Past
   * `timeoutMs` the worker is ended and this rejects with MediaTimeoutError; a worker that
   * throws, passes its resource limits or stops rejects with MediaWorkerError. The worker is
   * kept for the next run only when `keep(answer)` says so. One run at a time: the caller
   * queues them (oneAtATime).
   */
  run<Result>(
    message: unknown,
    options: RunMediaWorkerOptions & { keep: (result: Result) => boolean },
  ): Promise<Result>;
}

/**
 * The worker `name`, kept for the next run rather than started for each: a decoder compiled
 * once for a burst, its memory reused. It is ended after a run not to be kept, after `idleMs`
 * without a run, and after `runsPerWorker` runs, which gives its memory back to the system. It
 * never keeps the process alive.
 */
export function keptMediaWorker(
  name: MediaWorkerName,
  { idleMs, runsPerWorker }: { idleMs: number; runsPerWorker: number },
): KeptMediaWorker {
  let kept: { worker: Worker; runs: number; idle: NodeJS.Timeout | null } | null = null;

  function end(worker: Worker) {
    if (kept?.worker === worker) {
      if (kept.idle) clearTimeout(kept.idle);
      kept = null;
    }
    void worker.terminate();
  }

  function keep(worker: Worker) {
    if (kept?.worker !== worker) return;
    kept.runs += 1;
    if (kept.runs >= runsPerWorker) {
      end(worker);
      return;
    }
    kept.idle = setTimeout(() => end(worker), idleMs);
    kept.idle.unref();
  }

  return {
    run(message, options) {
      if (kept === null) {
        const worker = startMediaWorker(name, undefined, options);
        worker.unref();
        // Between runs nobody else listens: an error then ends the worker, never the process.
        worker.on("error", () => end(worker));
        kept = { worker, runs: 0, idle: null };
      } else if (kept.idle) {
        clearTimeout(kept.idle);
        kept.idle = null;
      }
      const { worker } = kept;
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void, keepIt: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
          if (keepIt) keep(worker);
          else end(worker);
          outcome();
        };
        const timer = setTimeout(
          () => settle(() => reject(new MediaTimeoutError(options.what, options.timeoutMs)), false),
          options.timeoutMs,
        );
        // biome-ignore lint/suspicious/noExplicitAny: the worker's answer, typed by the caller
        const onMessage = (result: any) => settle(() => resolve(result), options.keep(result));
        const onError = (error: Error) => settle(() => reject(new MediaWorkerError(error)), false);
        const onExit = (code: number) =>
          settle(
            () => reject(new MediaWorkerError(new Error(`the worker stopped (${code})`))),
            false,
          );
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage(message, options.transferList ?? []);
      });
    },
  };
}

/**
 * A queue of one: each call of the returned function starts its work when the one before it has
 * finished, whatever its outcome.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let queue: Promise<void> = Promise.resolve();
  return async (work) => {
    const before = queue;
    let done = () => {};
    queue = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await before;
      return await work();
    } finally {
      done();
    }
  };
}
