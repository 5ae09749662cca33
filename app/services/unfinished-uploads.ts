import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import { RECORDS_KEY } from "./remembered-uploads.ts";

/*
 * Uploads a reload, a killed tab or a discarded page interrupted (ADR 104). Each file, once the
 * API has given it an upload address, is remembered in localStorage until it has arrived: the
 * address, what the file is (name, size, type, last-modified time, and a fingerprint of its first
 * bytes), where it goes, and how far it got. Picking the same file again resumes it from the
 * server's offset. Small files are also kept whole in IndexedDB, which holds `File` objects, so
 * that they resume without being picked again. Everything is forgotten when the file arrives,
 * when it is discarded, and when its address expires (24 hours after it was started).
 */

/** One interrupted (or still running) upload, as the browser remembers it. */
export interface UnfinishedUpload {
  /** The signed tus address, which is also the record's key. */
  uploadPath: string;
  fileId: string;
  /** Where it goes: a collection of a team (`collection:<id>`) or a drop link (`drop:<token>`). */
  scope: string;
  /** The team, for the notice on the team's pages; none for a drop link's guest. */
  teamId?: string;
  /** The collection's (or link's) name, and the page that finishes the upload. */
  label: string;
  href: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** SHA-256 of the first HEAD_BYTES, in hex: what tells the same file from one of its name. */
  head: string;
  /** Bytes the server had taken, as last heard. */
  sent: number;
  startedAt: number;
  expiresAt: number;
  /** Its File is kept in IndexedDB. */
  kept: boolean;
}

/** How long an upload is remembered at most: as long as the API keeps its address. */
export const REMEMBER_MS = 24 * 60 * 60 * 1000;
/** The bytes of a file's fingerprint. */
const HEAD_BYTES = 64 * 1024;
/** Files up to this size are kept whole in the browser (ADR 104): photos, not films. */
export const KEEP_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** What all kept files may take together (ADR 104). */
export const KEEP_TOTAL_MAX_BYTES = 256 * 1024 * 1024;

/** The records, in start order, without the expired ones. */
export function readUnfinished(now = Date.now()): UnfinishedUpload[] {
  let records: UnfinishedUpload[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECORDS_KEY) ?? "[]");
    if (Array.isArray(parsed)) records = parsed.filter(isRecord);
  } catch {
    return [];
  }
  return records.filter((record) => record.expiresAt > now);
}

function isRecord(value: unknown): value is UnfinishedUpload {
  const record = value as Partial<UnfinishedUpload> | null;
  return (
    typeof record?.uploadPath === "string" &&
    typeof record.scope === "string" &&
    typeof record.name === "string" &&
    typeof record.size === "number" &&
    typeof record.head === "string" &&
    typeof record.expiresAt === "number"
  );
}

function write(records: UnfinishedUpload[]) {
  try {
    if (records.length === 0) localStorage.removeItem(RECORDS_KEY);
    else localStorage.setItem(RECORDS_KEY, JSON.stringify(records));
  } catch {
    // No storage, or full: the upload goes on, and is not remembered.
  }
}

/** When the signed address expires: its `expires` parameter, or a day from now. */
export function addressExpiry(uploadPath: string, now = Date.now()) {
  const expires = Number(new URL(uploadPath, "http://upload.invalid").searchParams.get("expires"));
  return Number.isFinite(expires) && expires > 0
    ? Math.min(expires, now + REMEMBER_MS)
    : now + REMEMBER_MS;
}

export function rememberUpload(record: UnfinishedUpload) {
  write([...readUnfinished().filter((r) => r.uploadPath !== record.uploadPath), record]);
}

/** Notes how far an upload got. */
export function noteSent(uploadPath: string, sent: number) {
  const records = readUnfinished();
  const record = records.find((r) => r.uploadPath === uploadPath);
  if (!record || record.sent >= sent) return;
  record.sent = sent;
  write(records);
}

/** Forgets an upload that arrived, failed for good, or was discarded; and its kept file. */
export function forgetUpload(uploadPath: string) {
  write(readUnfinished().filter((r) => r.uploadPath !== uploadPath));
  void withStore((store) => del(uploadPath, store));
}

/** The bytes left of some interrupted uploads. */
export function bytesLeft(records: UnfinishedUpload[]) {
  return records.reduce((sum, record) => sum + Math.max(0, record.size - record.sent), 0);
}

/** The fingerprint of a file: SHA-256 of its first bytes, in hex; "" when it cannot be read. */
export async function fileHead(file: Blob): Promise<string> {
  try {
    const bytes = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const { sha256 } = await import("@noble/hashes/sha2.js");
    const { bytesToHex } = await import("@noble/hashes/utils.js");
    return bytesToHex(sha256(bytes));
  } catch {
    return "";
  }
}

/**
 * Whether a picked file is the interrupted one: the same name, size and first bytes. The time
 * it was last modified is not asked: iOS gives a photo picked from the library the time of the
 * pick.
 */
export function isSameFile(record: UnfinishedUpload, file: File, head: string) {
  return (
    head !== "" && record.head === head && record.size === file.size && record.name === file.name
  );
}

let store: UseStore | null | undefined;

/** The IndexedDB store of kept files, or null where there is none (private windows, old Safari). */
async function withStore<T>(use: (store: UseStore) => Promise<T>): Promise<T | undefined> {
  try {
    if (store === undefined) {
      store = typeof indexedDB === "undefined" ? null : createStore("raccolta-uploads", "files");
    }
    return store ? await use(store) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a file whole for resuming without a pick, within the budget (ADR 104); answers whether it
 * did. Not when the browser says the disk is short: a kept copy is a copy.
 */
export async function keepFile(uploadPath: string, file: File): Promise<boolean> {
  if (file.size > KEEP_FILE_MAX_BYTES) return false;
  const keptBytes = readUnfinished()
    .filter((record) => record.kept)
    .reduce((sum, record) => sum + record.size, 0);
  if (keptBytes + file.size > KEEP_TOTAL_MAX_BYTES) return false;
  try {
    const { quota, usage } = (await navigator.storage?.estimate?.()) ?? {};
    if (quota !== undefined && usage !== undefined && quota - usage < 4 * file.size) return false;
  } catch {
    // No estimate: the write itself fails when there is no room.
  }
  const done = await withStore(async (files) => {
    await set(uploadPath, file, files);
    return true;
  });
  if (!done) return false;
  const records = readUnfinished();
  const record = records.find((r) => r.uploadPath === uploadPath);
  if (!record) {
    // It arrived, or was discarded, while it was being kept.
    void withStore((files) => del(uploadPath, files));
    return false;
  }
  record.kept = true;
  write(records);
  return true;
}

/** A kept file, when the browser still has it. */
export async function keptFile(uploadPath: string): Promise<File | undefined> {
  const file = await withStore((files) => get<File>(uploadPath, files));
  return file instanceof Blob ? file : undefined;
}

/** Drops kept files whose upload is no longer remembered (arrived elsewhere, or expired). */
export async function sweepKeptFiles() {
  const remembered = new Set(readUnfinished().map((record) => record.uploadPath));
  await withStore(async (files) => {
    for (const key of await keys<string>(files)) {
      if (!remembered.has(key)) await del(key, files);
    }
  });
}

/** The name of the Web Lock a tab holds while it sends an upload (ADR 104). */
function lockName(uploadPath: string) {
  return `raccolta-upload ${uploadPath}`;
}

/**
 * Holds the upload's Web Lock until the answer is called: another tab then leaves it alone
 * rather than sending it twice. The browser lets go of it when the page goes, however it goes.
 */
export function holdUploadLock(uploadPath: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  navigator.locks?.request(lockName(uploadPath), () => held).catch(() => undefined);
  return release;
}

/** The uploads other pages of this browser are sending now. */
export async function heldUploadLocks(): Promise<Set<string>> {
  try {
    const { held = [] } = (await navigator.locks?.query()) ?? {};
    const prefix = lockName("");
    return new Set(
      held
        .map((lock) => lock.name ?? "")
        .filter((name) => name.startsWith(prefix))
        .map((name) => name.slice(prefix.length)),
    );
  } catch {
    return new Set();
  }
}
