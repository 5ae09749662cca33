import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

// The upload dialog's hashing (ADR 102), off the page's thread: each File posted here is read in
// chunks with File.slice and fed to one incremental SHA-256, so at most one chunk is in memory
// however large the file, and files are hashed one after another. Answers `{id, sha256}` in
// hex, or `{id, sha256: null}` when the file cannot be read (moved away since it was chosen).

/** How much of a file is read at a time. */
const CHUNK_BYTES = 4 * 1024 * 1024;

interface HashRequest {
  id: number;
  file: File;
}

async function hashFile(file: File): Promise<string | null> {
  try {
    const hash = sha256.create();
    for (let offset = 0; offset < file.size; offset += CHUNK_BYTES) {
      const chunk = await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer();
      hash.update(new Uint8Array(chunk));
    }
    return bytesToHex(hash.digest());
  } catch {
    return null;
  }
}

let queue = Promise.resolve();

self.onmessage = (event: MessageEvent<HashRequest>) => {
  const { id, file } = event.data;
  queue = queue.then(async () => {
    self.postMessage({ id, sha256: await hashFile(file) });
  });
};
