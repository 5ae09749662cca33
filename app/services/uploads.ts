import { useCallback, useEffect, useRef, useState } from "react";
import type { DetailedError, Upload } from "tus-js-client";
import { checkBeforeSending, type EarlyRefusal, SNIFF_BYTES } from "#domain/file-types.ts";
import type { Duplicate } from "./duplicates.ts";

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
  | "done"
  | "failed"
  /** Already in the collection, or picked twice: not sent unless asked (ADR 102). */
  | "duplicate";

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
  /** Why it is not sent, when it is a duplicate. */
  duplicate?: Duplicate;
}

/** At most this many files go at once; the others wait their turn. */
const PARALLEL = 3;
/** tus PATCH size: a dropped connection loses at most one chunk. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Retries after a network failure before waiting for the browser to come back online. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

type TusModule = typeof import("tus-js-client");

interface Entry {
  file: File;
  upload?: Upload;
}

/**
 * The upload queue of the upload dialog, with JavaScript: each file is started through
 * `startUrl` (a web action that asks the API; the browser holds no token) and sent with tus to
 * the signed address it answers: progress, pause and resume, and automatic resumption after a
 * dropped connection (tus asks the server for the offset and carries on from there).
 * tus-js-client is loaded only when the dialog opens. With `duplicatesUrl` (a member's
 * collection), the files of a pick already there, or picked twice, are not sent unless asked
 * (ADR 102); the check's code is loaded only when files are picked.
 */
export function useUploadQueue({
  startUrl,
  onFinished,
  firstAlone = false,
  duplicatesUrl,
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
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const entries = useRef(new Map<string, Entry>());
  const tus = useRef<Promise<TusModule> | null>(null);
  const counter = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const opened = useRef(!firstAlone);

  useEffect(() => {
    tus.current = import("tus-js-client");
    tus.current.catch(() => undefined);
    const all = entries.current;
    return () => {
      for (const entry of all.values()) entry.upload?.abort().catch(() => undefined);
    };
  }, []);

  const update = useCallback((key: string, changes: Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...changes } : item)),
    );
  }, []);

  const send = useCallback(
    async (key: string) => {
      const entry = entries.current.get(key);
      if (!entry) return;
      const { file } = entry;
      update(key, { status: "starting", error: undefined });
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
      let module: TusModule;
      try {
        module = await (tus.current ?? import("tus-js-client"));
      } catch {
        update(key, { status: "failed", error: "messages:errors.noConnection" });
        return;
      }
      const upload = new module.Upload(file, {
        uploadUrl: started.uploadPath,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        storeFingerprintForResuming: false,
        onProgress: (sent) => update(key, { sent, status: "uploading" }),
        onSuccess: () => update(key, { sent: file.size, status: "done" }),
        onError: (error) => {
          const response = (error as DetailedError).originalResponse;
          const statusCode = response?.getStatus() ?? 0;
          if (statusCode >= 400 && statusCode < 500) {
            let errorCode = "";
            try {
              errorCode = String(JSON.parse(response?.getBody() ?? "{}").errorCode ?? "");
            } catch {
              // Not JSON: the status alone tells.
            }
            update(key, {
              status: "failed",
              error: uploadErrorKey(statusCode, errorCode),
              reason: refusalOf(statusCode),
            });
          } else {
            // The connection dropped and the retries ran out: carry on when it is back.
            update(key, { status: "offline" });
          }
        },
      });
      entry.upload = upload;
      update(key, { status: "uploading" });
      upload.start();
    },
    [startUrl, update],
  );

  // Start waiting files while fewer than PARALLEL are under way.
  useEffect(() => {
    const busy = items.filter((item) => item.status === "starting" || item.status === "uploading");
    const waiting = items.filter((item) => item.status === "waiting");
    if (!opened.current && items.some((item) => item.status === "starting")) return;
    const room = opened.current ? PARALLEL - busy.length : 1;
    for (const item of waiting.slice(0, Math.max(0, room))) {
      void send(item.key);
    }
  }, [items, send]);

  // Back online: resume what the network interrupted.
  useEffect(() => {
    const resumeOffline = () => {
      for (const item of itemsRef.current) {
        if (item.status !== "offline") continue;
        const upload = entries.current.get(item.key)?.upload;
        if (upload) {
          update(item.key, { status: "uploading" });
          upload.start();
        }
      }
    };
    window.addEventListener("online", resumeOffline);
    const timer = setInterval(() => {
      if (navigator.onLine) resumeOffline();
    }, 15_000);
    return () => {
      window.removeEventListener("online", resumeOffline);
      clearInterval(timer);
    };
  }, [update]);

  // All ended: the list is revalidated once.
  const finishedFor = useRef(0);
  useEffect(() => {
    if (items.length === 0) return;
    const ended = items.every((item) => hasEnded(item.status));
    const arrived = items.filter((item) => item.status === "done").length;
    if (ended && arrived > 0 && finishedFor.current !== arrived) {
      finishedFor.current = arrived;
      onFinished(arrived, items.length);
    }
  }, [items, onFinished]);

  // Each file is checked before it may wait its turn: a refused one is never started; with
  // duplicatesUrl, neither is a duplicate (ADR 102), once the whole pick has been checked.
  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadItem[] = [];
      const picked: { key: string; file: File }[] = [];
      for (const file of files) {
        const key = `upload-${counter.current++}`;
        entries.current.set(key, { file });
        added.push({ key, name: file.name, size: file.size, sent: 0, status: "checking" });
        picked.push({ key, file });
      }
      setItems((current) => [...current, ...added]);
      void Promise.all(
        picked.map(async ({ key, file }) => {
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

  const pause = useCallback(
    (key: string) => {
      const upload = entries.current.get(key)?.upload;
      if (!upload) return;
      update(key, { status: "paused" });
      upload.abort().catch(() => undefined);
    },
    [update],
  );

  const resume = useCallback(
    (key: string) => {
      const upload = entries.current.get(key)?.upload;
      if (!upload) return;
      update(key, { status: "uploading" });
      upload.start();
    },
    [update],
  );

  const busy = items.some((item) => !hasEnded(item.status));
  return { items, add, pause, resume, sendAnyway, busy };
}
