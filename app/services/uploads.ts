import { useCallback, useEffect, useRef, useState } from "react";
import type { DetailedError, Upload } from "tus-js-client";
import { checkBeforeSending, type EarlyRefusal, SNIFF_BYTES } from "#domain/file-types.ts";
import type { Duplicate } from "./duplicates.ts";
import {
  addressExpiry,
  fileHead,
  forgetUpload,
  heldUploadLocks,
  holdUploadLock,
  isSameFile,
  keepFile,
  keptFile,
  noteSent,
  readUnfinished,
  rememberUpload,
  sweepKeptFiles,
  type UnfinishedUpload,
} from "./unfinished-uploads.ts";

/**
 * Why a file was refused by the rules rather than lost on the way: its type, its size, or that
 * it is empty (ADR 076); without JavaScript also that it passed the storage left on the plan, or
 * that the server had no temporary space for it then (ADR 083). The summary lists refused files
 * with their reason.
 */
export type RefusalReason = EarlyRefusal | "quota" | "busy";

/** What became of one file of the no-JavaScript form. */
export type UploadOutcome =
  | { name: string; fileId: string }
  | {
      name: string;
      error: string;
      reason?: RefusalReason;
      /** The size it passed, when it was refused as too large (FILE_MAX_BYTES when absent). */
      limitBytes?: number;
    };

/** The row message of a file refused before it was sent. */
export const REFUSED_KEY = "files:upload.status.refused";

/** The short text of a refusal reason, as the summary and the row say it. */
export function refusalReasonKey(reason: RefusalReason) {
  return `files:upload.reasons.${reason}`;
}

/**
 * The refusal reason of an API refusal of a file's bytes: its type (415). A 413 there means more
 * bytes came than were declared, not a file over the limit, which the start already refused.
 */
export function refusalOf(statusCode: number): RefusalReason | undefined {
  return statusCode === 415 ? "type" : undefined;
}

/** The refusal reason of an error key uploadErrorKey answered, when it is one. */
export function refusalOfErrorKey(key: string | undefined): RefusalReason | undefined {
  if (key === "files:upload.errors.type") return "type";
  if (key === "files:upload.errors.tooLarge") return "tooLarge";
  if (key === "files:upload.errors.empty") return "empty";
  return undefined;
}

/**
 * What the upload dialog's summary counts: arrived files, refused ones, other failures, and
 * duplicates not sent (ADR 102).
 */
export interface UploadTally {
  uploaded: number;
  refused: { name: string; reason: RefusalReason; limitBytes?: number }[];
  failed: string[];
  duplicates: number;
}

/** The tally of the files that have ended. */
export function tallyUploads(
  ended: {
    name: string;
    done: boolean;
    reason?: RefusalReason;
    limitBytes?: number;
    duplicate?: boolean;
  }[],
): UploadTally {
  const tally: UploadTally = { uploaded: 0, refused: [], failed: [], duplicates: 0 };
  for (const file of ended) {
    if (file.done) tally.uploaded += 1;
    else if (file.duplicate) tally.duplicates += 1;
    else if (file.reason) {
      tally.refused.push({
        name: file.name,
        reason: file.reason,
        ...(file.limitBytes === undefined ? {} : { limitBytes: file.limitBytes }),
      });
    } else tally.failed.push(file.name);
  }
  return tally;
}

/**
 * The checks before a byte is sent (domain/file-types.ts): the declared type and extension, the
 * first bytes (read with File.slice) and the size. Null when the file may go.
 */
export async function checkFile(file: File): Promise<RefusalReason | null> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    // Unreadable here (a file moved away since it was chosen): the API will say.
    return null;
  }
  return checkBeforeSending({ name: file.name, type: file.type, size: file.size, head });
}

/**
 * The translation key for an upload the API refused (docs/product.md#client-messages, by
 * errorCode).
 */
export function uploadErrorKey(statusCode: number, errorCode: string): string {
  if (statusCode === 415) return "files:upload.errors.type";
  if (statusCode === 413 && errorCode !== "quotaExceededStorage") {
    return "files:upload.errors.tooLarge";
  }
  if (statusCode === 404 || statusCode === 410) return "files:upload.errors.expired";
  return `messages:errors.${errorCode || "generic"}`;
}

/**
 * What the picker offers: the types the API stores (FILE_CONTENT_TYPES, domain/file-types.ts),
 * so nobody picks a file only to see it refused. `image/*` lets a phone offer its camera.
 */
export const UPLOAD_ACCEPT =
  "image/*,video/mp4,video/quicktime,video/webm,application/pdf,text/plain,application/zip," +
  ".docx,.xlsx,.pptx,.heic,.heif,.mov,.webm,.txt";

export type UploadStatus =
  | "checking"
  | "waiting"
  | "starting"
  | "uploading"
  | "paused"
  | "offline"
  | "retrying"
  | "done"
  | "failed"
  /** Already in the collection, or picked twice: not sent unless asked (ADR 102). */
  | "duplicate"
  /** Started before a reload, and waiting for its file to be picked again (ADR 104). */
  | "interrupted";

/** Whether a file's upload has ended: arrived, failed, or not sent as a duplicate. */
export function hasEnded(status: UploadStatus) {
  return status === "done" || status === "failed" || status === "duplicate";
}

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
  /** A translation key, when failed. */
  error?: string;
  /** Why it was refused, when the rules refused it (before sending, or by the API). */
  reason?: RefusalReason;
  /** Refused before a byte was sent: the API never heard of it. */
  neverSent?: boolean;
  /** When it tries again (epoch ms), while retrying. */
  retryAt?: number;
  /** Why it is not sent, when it is a duplicate. */
  duplicate?: Duplicate;
  /** Started before the page was reloaded: it goes on from where the server got to (ADR 104). */
  resumed?: boolean;
}

/**
 * Where a queue's uploads go, for remembering them across a reload (ADR 104): a collection of a
 * team, or a drop link; its name and the page that finishes them, for the team pages' notice.
 */
export interface ResumeScope {
  scope: string;
  teamId?: string;
  label: string;
  href: string;
}

/** At most this many files go at once; the others wait their turn. */
const PARALLEL = 3;
/** tus PATCH size: a dropped connection loses at most one chunk. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** The smallest chunk a proxy's body limit steps it down to (ADR 103). */
export const MIN_CHUNK_BYTES = 256 * 1024;
/** Where the chunk size a proxy let through is kept for the session (ADR 103). */
const CHUNK_KEY = "uploads.chunkBytes";
/** The longest wait between two tries, however many failed. */
const MAX_RETRY_MS = 60_000;

/**
 * The wait before try `attempt` (0 first) after a network error or a 5xx: doubling from 1 s up
 * to a minute, with jitter so that many phones coming back at once do not all knock together.
 */
export function retryDelayMs(attempt: number, random = Math.random()) {
  const ceiling = Math.min(MAX_RETRY_MS, 1_000 * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * The wait before try `attempt` after a failed request answered `statusCode` (0: no answer). A
 * first 409 is an offset the server has moved past: a connection cut in the middle of a chunk
 * kept its bytes, and the browser sent the chunk again from the old offset; tus asks for the
 * offset at once rather than after a backoff (docs/performance.md#upload-resume).
 */
export function retryWaitMs(statusCode: number, attempt: number, random = Math.random()) {
  return statusCode === 409 && attempt === 0 ? 0 : retryDelayMs(attempt, random);
}

/**
 * Whether a 413 came from a proxy's body limit rather than from the API: every API error is JSON
 * with an errorCode; nginx's and Caddy's are HTML or empty.
 */
export function isProxyRefusal(statusCode: number, body: string | undefined) {
  if (statusCode !== 413) return false;
  try {
    return typeof JSON.parse(body ?? "").errorCode !== "string";
  } catch {
    return true;
  }
}

/** Whether tus-js-client would try a failed request again (its rules, plus 429). */
export function isRetryable(statusCode: number) {
  return statusCode < 400 || statusCode >= 500 || [409, 423, 429].includes(statusCode);
}

/** The chunk size to start with: the one a proxy let through earlier this session, or the full. */
function sessionChunkBytes() {
  try {
    const kept = Number(sessionStorage.getItem(CHUNK_KEY));
    return kept >= MIN_CHUNK_BYTES && kept < CHUNK_BYTES ? kept : CHUNK_BYTES;
  } catch {
    return CHUNK_BYTES;
  }
}

type TusModule = typeof import("tus-js-client");

interface Entry {
  /** None while an interrupted upload waits for its file to be picked again. */
  file?: File;
  upload?: Upload;
  /** The tus address, once the API has given one: kept across a reload (ADR 104). */
  uploadPath?: string;
  /** Lets go of the upload's Web Lock, which tells other tabs it is under way here. */
  release?: () => void;
  /** Failed tries in a row, for the backoff. */
  attempt: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The upload queue of the upload dialog, with JavaScript: each file is started through
 * `startUrl` (a web action that asks the API; the browser holds no token) and sent with tus to
 * the signed address it answers: progress, pause and resume, and automatic resumption after a
 * dropped connection (tus asks the server for the offset and carries on from there).
 * tus-js-client is loaded only when the dialog opens. With `duplicatesUrl` (a member's
 * collection), the files of a pick already there, or picked twice, are not sent unless asked
 * (ADR 102); the check's code is loaded only when files are picked. With `resume`, every
 * started file is remembered until it arrives, and those a reload interrupted come back as
 * rows: kept ones go on by themselves, the others when their file is picked again (ADR 104).
 */
export function useUploadQueue({
  startUrl,
  onFinished,
  firstAlone = false,
  duplicatesUrl,
  resume,
}: {
  startUrl: string;
  /** The web action that answers which files are already in the collection (ADR 102). */
  duplicatesUrl?: string;
  /** Called when every file has ended and at least one arrived: how many, of how many. */
  onFinished: (arrived: number, total: number) => void;
  /**
   * The first start goes alone, the others once it has answered: a drop link's guest is let in
   * by their first start (ADR 098), and later starts must carry the cookie it sets.
   */
  firstAlone?: boolean;
  /** Where the uploads go, to remember them across a reload (ADR 104). */
  resume?: ResumeScope;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const entries = useRef(new Map<string, Entry>());
  const tus = useRef<Promise<TusModule> | null>(null);
  const counter = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const opened = useRef(!firstAlone);
  const scope = resume?.scope;
  const resumeRef = useRef(resume);
  resumeRef.current = resume;

  useEffect(() => {
    tus.current = import("tus-js-client");
    tus.current.catch(() => undefined);
    const all = entries.current;
    return () => {
      for (const entry of all.values()) {
        clearTimeout(entry.timer);
        entry.upload?.abort().catch(() => undefined);
        entry.release?.();
      }
    };
  }, []);

  const update = useCallback((key: string, changes: Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...changes } : item)),
    );
  }, []);

  // What a reload interrupted comes back: a row each, going on by itself when its file was kept.
  useEffect(() => {
    if (!scope) return;
    let cancelled = false;
    void (async () => {
      const busyElsewhere = await heldUploadLocks();
      const interrupted = readUnfinished().filter(
        (record) => record.scope === scope && !busyElsewhere.has(record.uploadPath),
      );
      void sweepKeptFiles();
      if (cancelled || interrupted.length === 0) return;
      const restored = interrupted.map((record) => {
        const key = `upload-${counter.current++}`;
        entries.current.set(key, { uploadPath: record.uploadPath, attempt: 0 });
        return { record, key };
      });
      setItems((current) => [
        ...restored.map(({ record, key }) => ({
          key,
          name: record.name,
          size: record.size,
          sent: record.sent,
          status: "interrupted" as const,
          resumed: true,
        })),
        ...current,
      ]);
      for (const { record, key } of restored) {
        const file = record.kept ? await keptFile(record.uploadPath) : undefined;
        const entry = entries.current.get(key);
        if (cancelled || !file || !entry || entry.file) continue;
        entry.file = file;
        update(key, { status: "waiting" });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [scope, update]);

  const send = useCallback(
    async (key: string) => {
      const entry = entries.current.get(key);
      const file = entry?.file;
      if (!entry || !file) return;
      const resume = resumeRef.current;
      update(key, { status: "starting", error: undefined });
      // An upload from before a reload has its address: no start, and no cookie to wait for.
      if (entry.uploadPath) opened.current = true;
      else {
        let started: { fileId?: string; uploadPath?: string; error?: string };
        try {
          const body = new FormData();
          body.set("name", file.name);
          body.set("contentType", file.type || "application/octet-stream");
          body.set("size", String(file.size));
          const response = await fetch(startUrl, {
            method: "POST",
            body,
            headers: { Accept: "application/json" },
          });
          started = await response.json();
        } catch {
          update(key, { status: "failed", error: "messages:errors.noConnection" });
          return;
        } finally {
          opened.current = true;
        }
        if (!started.uploadPath) {
          update(key, {
            status: "failed",
            error: started.error ?? "messages:errors.generic",
            reason: refusalOfErrorKey(started.error),
          });
          return;
        }
        entry.uploadPath = started.uploadPath;
        if (resume) await remember(resume, file, started.uploadPath, started.fileId ?? "");
      }
      let module: TusModule;
      try {
        module = await (tus.current ?? import("tus-js-client"));
      } catch {
        update(key, { status: "failed", error: "messages:errors.noConnection" });
        return;
      }
      const uploadUrl = entry.uploadPath;
      const resuming = Boolean(itemsRef.current.find((item) => item.key === key)?.resumed);
      entry.release = holdUploadLock(uploadUrl);
      const forget = () => {
        entry.release?.();
        if (resume) forgetUpload(uploadUrl);
      };
      let progressed = false;
      const begin = (chunkSize: number) => {
        const upload = new module.Upload(file, {
          uploadUrl,
          chunkSize,
          // The backoff is ours (onError): forever, while the page is open (ADR 103).
          retryDelays: null,
          // What is remembered across a reload is ours too (ADR 104).
          storeFingerprintForResuming: false,
          onBeforeRequest: (request) => {
            // Tells the operator that a proxy cuts the chunks (api/uploads/tus.ts).
            if (request.getMethod() === "PATCH" && chunkSize < CHUNK_BYTES) {
              request.setHeader("Upload-Chunk-Reduced", String(chunkSize));
            }
          },
          onProgress: (sent) => {
            entry.attempt = 0;
            progressed = true;
            update(key, { sent, status: "uploading", retryAt: undefined });
          },
          onChunkComplete: (_chunk, accepted) => {
            if (resume) noteSent(uploadUrl, accepted);
          },
          onSuccess: () => {
            forget();
            update(key, { sent: file.size, status: "done", retryAt: undefined });
          },
          onError: (error) => {
            const response = (error as DetailedError).originalResponse;
            const statusCode = response?.getStatus() ?? 0;
            if (isProxyRefusal(statusCode, response?.getBody())) {
              if (chunkSize <= MIN_CHUNK_BYTES) {
                forget();
                update(key, { status: "failed", error: "files:upload.errors.proxyLimit" });
                return;
              }
              // A proxy's body limit: smaller pieces, from the server's offset.
              const smaller = Math.max(MIN_CHUNK_BYTES, Math.floor(chunkSize / 2));
              try {
                sessionStorage.setItem(CHUNK_KEY, String(smaller));
              } catch {
                // No storage: this file steps down all the same.
              }
              begin(smaller);
              return;
            }
            if (resuming && !progressed && [403, 404, 410].includes(statusCode)) {
              // The address of an upload from before the reload is gone (expired, or the file
              // was deleted): the file is here, so it starts again.
              forget();
              entry.uploadPath = undefined;
              update(key, { status: "waiting", sent: 0, resumed: false });
              return;
            }
            if (!isRetryable(statusCode)) {
              let errorCode = "";
              try {
                errorCode = String(JSON.parse(response?.getBody() ?? "{}").errorCode ?? "");
              } catch {
                // Not JSON: the status alone tells.
              }
              forget();
              update(key, {
                status: "failed",
                error: uploadErrorKey(statusCode, errorCode),
                reason: refusalOf(statusCode),
              });
              return;
            }
            if (!navigator.onLine) {
              // The `online` event carries on at once.
              update(key, { status: "offline", retryAt: undefined });
              return;
            }
            const wait = retryWaitMs(statusCode, entry.attempt);
            entry.attempt += 1;
            clearTimeout(entry.timer);
            entry.timer = setTimeout(() => {
              update(key, { status: "uploading", retryAt: undefined });
              upload.start();
            }, wait);
            update(key, { status: "retrying", retryAt: Date.now() + wait });
          },
        });
        entry.upload = upload;
        update(key, { status: "uploading" });
        upload.start();
      };
      begin(sessionChunkBytes());
    },
    [startUrl, update],
  );

  // Start waiting files while fewer than PARALLEL are under way.
  useEffect(() => {
    const busy = items.filter((item) =>
      ["starting", "uploading", "retrying"].includes(item.status),
    );
    const waiting = items.filter((item) => item.status === "waiting");
    if (!opened.current && items.some((item) => item.status === "starting")) return;
    const room = opened.current ? PARALLEL - busy.length : 1;
    for (const item of waiting.slice(0, Math.max(0, room))) {
      void send(item.key);
    }
  }, [items, send]);

  // Back online, or back on the page: resume what the network interrupted, at once.
  useEffect(() => {
    // The poll below takes only files waiting for the network: a retrying one keeps its backoff.
    const resumeOffline = (event?: Event) => {
      if (document.visibilityState === "hidden") return;
      for (const item of itemsRef.current) {
        if (item.status !== "offline" && (item.status !== "retrying" || !event)) continue;
        const entry = entries.current.get(item.key);
        if (entry?.upload) {
          clearTimeout(entry.timer);
          update(item.key, { status: "uploading", retryAt: undefined });
          entry.upload.start();
        }
      }
    };
    // Offline: a file waiting to retry waits for the network instead, and says so.
    const goneOffline = () => {
      for (const item of itemsRef.current) {
        if (item.status !== "retrying") continue;
        clearTimeout(entries.current.get(item.key)?.timer);
        update(item.key, { status: "offline", retryAt: undefined });
      }
    };
    window.addEventListener("online", resumeOffline);
    window.addEventListener("offline", goneOffline);
    document.addEventListener("visibilitychange", resumeOffline);
    document.addEventListener("resume", resumeOffline);
    const timer = setInterval(() => {
      if (navigator.onLine) resumeOffline();
    }, 15_000);
    return () => {
      window.removeEventListener("online", resumeOffline);
      window.removeEventListener("offline", goneOffline);
      document.removeEventListener("visibilitychange", resumeOffline);
      document.removeEventListener("resume", resumeOffline);
      clearInterval(timer);
    };
  }, [update]);

  // All ended: the list is revalidated once. Interrupted files wait for a pick, and are not
  // counted until they are picked.
  const finishedFor = useRef(0);
  useEffect(() => {
    const counted = items.filter((item) => item.status !== "interrupted");
    if (counted.length === 0) return;
    const ended = counted.every((item) => hasEnded(item.status));
    const arrived = counted.filter((item) => item.status === "done").length;
    if (ended && arrived > 0 && finishedFor.current !== arrived) {
      finishedFor.current = arrived;
      onFinished(arrived, counted.length);
    }
  }, [items, onFinished]);

  // Each file is checked before it may wait its turn: a refused one is never started; with
  // duplicatesUrl, neither is a duplicate (ADR 102), once the whole pick has been checked. A
  // file a reload interrupted takes its row back and goes on from the server's offset.
  const add = useCallback(
    async (files: Iterable<File>) => {
      let picked = Array.from(files);
      const interrupted = itemsRef.current.filter((item) => item.status === "interrupted");
      if (interrupted.length > 0) {
        picked = await reclaim(picked, interrupted, entries.current, update);
      }
      const added: UploadItem[] = [];
      const fresh: { key: string; file: File }[] = [];
      for (const file of picked) {
        const key = `upload-${counter.current++}`;
        entries.current.set(key, { file, attempt: 0 });
        added.push({ key, name: file.name, size: file.size, sent: 0, status: "checking" });
        fresh.push({ key, file });
      }
      setItems((current) => [...current, ...added]);
      void Promise.all(
        fresh.map(async ({ key, file }) => {
          const reason = await checkFile(file);
          if (reason)
            update(key, { status: "failed", error: REFUSED_KEY, reason, neverSent: true });
          else if (!duplicatesUrl) update(key, { status: "waiting" });
          return { key, file, reason };
        }),
      ).then(async (checked) => {
        if (!duplicatesUrl) return;
        const fine = checked.filter((file) => file.reason === null);
        let duplicates = new Map<string, Duplicate>();
        try {
          const { findDuplicates } = await import("./duplicates.ts");
          duplicates = await findDuplicates(duplicatesUrl, fine);
        } catch {
          // No answer: every file is sent, as without the check.
        }
        for (const { key } of fine) {
          const duplicate = duplicates.get(key);
          update(key, duplicate ? { status: "duplicate", duplicate } : { status: "waiting" });
        }
      });
    },
    [update, duplicatesUrl],
  );

  /** Sends a duplicate all the same. */
  const sendAnyway = useCallback(
    (key: string) => update(key, { status: "waiting", duplicate: undefined }),
    [update],
  );

  /** Gives up an interrupted upload: it is forgotten here, and its address lapses (ADR 104). */
  const discard = useCallback((key: string) => {
    const uploadPath = entries.current.get(key)?.uploadPath;
    entries.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
    if (uploadPath) forgetUpload(uploadPath);
  }, []);

  const pause = useCallback(
    (key: string) => {
      const entry = entries.current.get(key);
      if (!entry?.upload) return;
      clearTimeout(entry.timer);
      update(key, { status: "paused", retryAt: undefined });
      entry.upload.abort().catch(() => undefined);
    },
    [update],
  );

  const resumeOne = useCallback(
    (key: string) => {
      const entry = entries.current.get(key);
      if (!entry?.upload) return;
      clearTimeout(entry.timer);
      update(key, { status: "uploading", retryAt: undefined });
      entry.upload.start();
    },
    [update],
  );

  const busy = items.some((item) => !hasEnded(item.status) && item.status !== "interrupted");
  return { items, add, pause, resume: resumeOne, sendAnyway, discard, busy };
}

/** Remembers a started file (ADR 104), and keeps it whole when it fits the budget. */
async function remember(resume: ResumeScope, file: File, uploadPath: string, fileId: string) {
  try {
    const now = Date.now();
    rememberUpload({
      uploadPath,
      fileId,
      scope: resume.scope,
      ...(resume.teamId ? { teamId: resume.teamId } : {}),
      label: resume.label,
      href: resume.href,
      name: file.name,
      size: file.size,
      type: file.type,
      lastModified: file.lastModified,
      head: await fileHead(file),
      sent: 0,
      startedAt: now,
      expiresAt: addressExpiry(uploadPath, now),
      kept: false,
    });
    void keepFile(uploadPath, file);
  } catch {
    // Not remembered: the upload goes on all the same.
  }
}

/**
 * Gives each interrupted row the picked file that is the same (name, size, first bytes; ADR
 * 104), which then waits its turn to go on from the server's offset. Answers the other files.
 */
async function reclaim(
  picked: File[],
  interrupted: UploadItem[],
  entries: Map<string, Entry>,
  update: (key: string, changes: Partial<UploadItem>) => void,
): Promise<File[]> {
  const records = new Map(readUnfinished().map((record) => [record.uploadPath, record]));
  const open = interrupted
    .map((item) => {
      const entry = entries.get(item.key);
      const record = entry?.uploadPath ? records.get(entry.uploadPath) : undefined;
      return entry && record ? { item, entry, record } : null;
    })
    .filter((row): row is { item: UploadItem; entry: Entry; record: UnfinishedUpload } =>
      Boolean(row),
    );
  const rest: File[] = [];
  for (const file of picked) {
    const candidates = open.filter(
      ({ entry, record }) => !entry.file && record.size === file.size && record.name === file.name,
    );
    const head = candidates.length > 0 ? await fileHead(file) : "";
    const match = candidates.find(({ record }) => isSameFile(record, file, head));
    if (!match) {
      rest.push(file);
      continue;
    }
    match.entry.file = file;
    update(match.item.key, { status: "waiting" });
  }
  return rest;
}
