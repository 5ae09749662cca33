// The upload dialog's duplicates check (ADR 102), loaded only when files are picked: which of
// the picked files are already in the collection, and which are picked twice. First by the cheap
// key (name and size), then, for the files that match by key or share their size with another
// of the pick, by SHA-256, hashed in a Web Worker (sha256.worker.ts): only a SHA-256 match is a
// duplicate.

/** A file already there, as the check answers it. */
export interface DuplicateMatch {
  key: string;
  fileId: string;
  name: string;
  uploadedBy: { userId: string; nickname: string } | null;
  guestName?: string | null;
  uploadedAt: number;
  takenAt: number | null;
  byKey: boolean;
}

/** Why a picked file is not sent: it is in the collection, or it is another file of the pick. */
export type Duplicate =
  | { kind: "collection"; match: DuplicateMatch }
  | { kind: "pick"; sameAs: string };

/** The most candidates one question holds: well within a plain form's body limit. */
const BATCH = 100;

interface Candidate {
  key: string;
  name: string;
  size: number;
  lastModified?: number;
  sha256?: string;
}

async function ask(url: string, candidates: Candidate[]): Promise<DuplicateMatch[]> {
  const matches: DuplicateMatch[] = [];
  for (let at = 0; at < candidates.length; at += BATCH) {
    const body = new URLSearchParams({ files: JSON.stringify(candidates.slice(at, at + BATCH)) });
    const response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json" },
      body,
    });
    if (!response.ok) throw new Error(`The duplicates check answered ${response.status}`);
    matches.push(...((await response.json()) as { matches: DuplicateMatch[] }).matches);
  }
  return matches;
}

/** The SHA-256 of each file, in hex (null: unreadable), from one worker that then ends. */
async function hashAll(files: File[]): Promise<(string | null)[]> {
  const worker = new Worker(new URL("./sha256.worker.ts", import.meta.url), { type: "module" });
  const waiting = new Map<number, (sha256: string | null) => void>();
  worker.onmessage = (event: MessageEvent<{ id: number; sha256: string | null }>) => {
    waiting.get(event.data.id)?.(event.data.sha256);
    waiting.delete(event.data.id);
  };
  worker.onerror = () => {
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  };
  try {
    return await Promise.all(
      files.map(
        (file, id) =>
          new Promise<string | null>((resolve) => {
            waiting.set(id, resolve);
            worker.postMessage({ id, file });
          }),
      ),
    );
  } finally {
    worker.terminate();
  }
}

/**
 * The duplicates among `picked`, by key: those in the collection (a SHA-256 match), and those
 * whose bytes another file of the pick, earlier in it, already has. Throws when the check cannot
 * be asked: the caller then sends every file.
 */
export async function findDuplicates(
  url: string,
  picked: { key: string; file: File }[],
): Promise<Map<string, Duplicate>> {
  const found = new Map<string, Duplicate>();
  if (picked.length === 0) return found;
  const byKey = await ask(
    url,
    picked.map(({ key, file }) => ({
      key,
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
    })),
  );
  const suspects = new Set(byKey.map((match) => match.key));
  const sizes = new Map<number, number>();
  for (const { file } of picked) sizes.set(file.size, (sizes.get(file.size) ?? 0) + 1);
  const toHash = picked.filter(
    ({ key, file }) => suspects.has(key) || (sizes.get(file.size) ?? 0) > 1,
  );
  if (toHash.length === 0) return found;
  const hashes = await hashAll(toHash.map(({ file }) => file));
  const hashed = toHash.flatMap(({ key, file }, index) => {
    const sha256 = hashes[index];
    return sha256 ? [{ key, file, sha256 }] : [];
  });
  const sure = await ask(
    url,
    hashed.map(({ key, file, sha256 }) => ({ key, name: file.name, size: file.size, sha256 })),
  );
  for (const match of sure) {
    if (!match.byKey) found.set(match.key, { kind: "collection", match });
  }
  const firstWith = new Map<string, string>();
  for (const { key, file, sha256 } of hashed) {
    if (found.has(key)) continue;
    const first = firstWith.get(sha256);
    if (first === undefined) firstWith.set(sha256, file.name);
    else found.set(key, { kind: "pick", sameAs: first });
  }
  return found;
}
