import path from "node:path";

/** What a folder that can't be written answers, from the file system or from SQLite. */
const UNWRITABLE = new Set([
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOTDIR",
  "SQLITE_CANTOPEN",
  "SQLITE_READONLY",
]);

/**
 * One line for an operator when start-up failed because DATA_DIR (or something under it) can't
 * be written, or null for any other error. The usual cause is a volume or bind-mounted folder
 * owned by another user than the one the server runs as (uid 1000 in the Docker image).
 */
export function unwritableDataDir(error: unknown, dataDir: string): string | null {
  const { code, path: where } = (error ?? {}) as { code?: unknown; path?: unknown };
  if (typeof code !== "string" || !UNWRITABLE.has(code)) return null;
  const root = path.resolve(dataDir);
  const place = typeof where === "string" ? path.resolve(where) : root;
  if (place !== root && !place.startsWith(`${root}${path.sep}`)) return null;
  const uid = process.getuid?.();
  const user = uid === undefined ? "this process" : `this process's user (uid ${uid})`;
  return (
    `Start-up error: ${place} can't be written by ${user} (${code}). DATA_DIR (${root}) must ` +
    "be a folder that user can write; for the Docker image, chown -R 1000:1000 the folder or " +
    "volume mounted at /data (docs/operations.md#data)"
  );
}
