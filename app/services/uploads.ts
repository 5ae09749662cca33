import { useCallback, useEffect, useRef, useState } from "react";
import type { DetailedError, Upload } from "tus-js-client";

/** What became of one file of the no-JavaScript form. */
export type UploadOutcome = { name: string; fileId: string } | { name: string; error: string };

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
 * What the picker offers: the types the API stores (FILE_CONTENT_TYPES in api/files/sniff.ts),
 * so nobody picks a file only to see it refused. `image/*` lets a phone offer its camera.
 */
export const UPLOAD_ACCEPT =
  "image/*,video/mp4,video/quicktime,video/webm,application/pdf,text/plain,application/zip," +
  ".docx,.xlsx,.pptx,.heic,.heif,.mov,.webm,.txt";

export type UploadStatus =
  | "waiting"
  | "starting"
  | "uploading"
  | "paused"
  | "offline"
  | "done"
  | "failed";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
  /** A translation key, when failed. */
  error?: string;
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
 * tus-js-client is loaded only when the dialog opens.
 */
export function useUploadQueue({
  startUrl,
  onFinished,
}: {
  startUrl: string;
  /** Called when every file has ended and at least one arrived. */
  onFinished: () => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const entries = useRef(new Map<string, Entry>());
  const tus = useRef<Promise<TusModule> | null>(null);
  const counter = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;

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
      }
      if (!started.uploadPath) {
        update(key, { status: "failed", error: started.error ?? "messages:errors.generic" });
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
            update(key, { status: "failed", error: uploadErrorKey(statusCode, errorCode) });
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
    for (const item of waiting.slice(0, Math.max(0, PARALLEL - busy.length))) {
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
    const ended = items.every((item) => item.status === "done" || item.status === "failed");
    const arrived = items.filter((item) => item.status === "done").length;
    if (ended && arrived > 0 && finishedFor.current !== arrived) {
      finishedFor.current = arrived;
      onFinished();
    }
  }, [items, onFinished]);

  const add = useCallback((files: Iterable<File>) => {
    const added: UploadItem[] = [];
    for (const file of files) {
      const key = `upload-${counter.current++}`;
      entries.current.set(key, { file });
      added.push({ key, name: file.name, size: file.size, sent: 0, status: "waiting" });
    }
    setItems((current) => [...current, ...added]);
  }, []);

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

  const busy = items.some((item) => !["done", "failed"].includes(item.status));
  return { items, add, pause, resume, busy };
}
