import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pkg from "./package.json" with { type: "json" };
import { configOrExit } from "./server/config.ts";

/**
 * `node build/host/backup.js <folder>`: an online backup of a single-machine installation (the
 * embedded defaults: SQLite and files under DATA_DIR), taken while the server runs.
 *
 * 1. The database first, through SQLite's online backup API: a consistent copy even while the
 *    server writes (a file copy of a live database is not one). The running server's claims on
 *    jobs and upload locks are released in the copy.
 * 2. Then the uploads folder (DATA_DIR/uploads): files whose bytes had all arrived are processed
 *    after a restore, and uploads under way resume.
 * 3. Then the blobs folder: every blob the copied database names was complete before it (a
 *    file is stored, then recorded), and a file whose upload was stored and removed between
 *    steps 1 and 2 has its blob here. Blobs still being written (`.tmp-*`) are left out.
 * 4. The generated secrets (DATA_DIR/secrets): sessions, tokens and signed links stay valid
 *    after a restore.
 * 5. `backup.json`: when, which version, what it holds.
 *
 * Mail written to disk (no SMTP_URL) is not kept. Restoring is copying the folder's contents into
 * an empty DATA_DIR before starting the server (docs/operations.md, "Backups").
 *
 * With DATABASE_URL (PostgreSQL) or S3_BUCKET the data is not under DATA_DIR: pg_dump and the
 * bucket's own tools back it up; this says so and stops.
 */
async function main(argv: string[]) {
  const target = argv[0];
  if (!target || argv.length !== 1) {
    console.error("Usage: node build/host/backup.js <folder>   (a new or empty folder)");
    return 2;
  }
  const config = configOrExit(process.env);
  if (config.databaseUrl || config.s3) {
    console.error(
      "This installation keeps its data in PostgreSQL or S3, not in DATA_DIR: back it up with " +
        "pg_dump and your bucket's tools (docs/operations.md, Backups).",
    );
    return 2;
  }
  const database = path.join(config.dataDir, "app.db");
  if (!fs.existsSync(database)) {
    console.error(`No database at ${database}: is DATA_DIR the server's?`);
    return 1;
  }
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    console.error(`${target} is not empty: give a new or empty folder`);
    return 2;
  }
  // What the backup holds is as private as DATA_DIR itself (ADR 022).
  process.umask(0o077);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  const started = Date.now();

  const source = new SqliteDatabase(database, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path.join(target, "app.db"));
  } finally {
    source.close();
  }
  // The running server's claims are its own: in the copy, no worker holds a job and no request
  // holds an upload, so a restored server takes them up at once, not when the claims run out.
  const copy = new SqliteDatabase(path.join(target, "app.db"), { fileMustExist: true });
  try {
    copy.exec("UPDATE jobs SET locked_until = NULL; DELETE FROM upload_locks;");
  } finally {
    copy.close();
  }

  // Uploads whose bytes had all arrived are processed after a restore (not the .json records).
  const { files: uploads } = copyLive(
    path.join(config.dataDir, "uploads"),
    path.join(target, "uploads"),
    { counts: (file) => !file.endsWith(".json") },
  );
  const { files: blobs, bytes } = copyLive(
    path.join(config.dataDir, "blobs"),
    path.join(target, "blobs"),
    { keeps: (file) => !path.basename(file).startsWith(".tmp-") },
  );
  const secretsFrom = path.join(config.dataDir, "secrets");
  if (fs.existsSync(secretsFrom)) {
    fs.cpSync(secretsFrom, path.join(target, "secrets"), { recursive: true });
  }

  const manifest = {
    createdAt: new Date(started).toISOString(),
    version: pkg.version,
    database: "app.db",
    uploads,
    blobs,
    blobBytes: bytes,
    secrets: fs.existsSync(secretsFrom) ? fs.readdirSync(secretsFrom).sort() : [],
  };
  fs.writeFileSync(path.join(target, "backup.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `Backed up ${config.dataDir} to ${target} in ${Date.now() - started} ms: ` +
      `the database, ${uploads} uploads, ${blobs} blobs (${bytes} bytes) and ` +
      `${manifest.secrets.length} secrets`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);

/**
 * Copies the folder `from` (if there is one) to `to`, file by file, leaving out what `keeps`
 * refuses. The server goes on working meanwhile: a file it removes before its turn comes (an
 * upload finished, a blob deleted) is not needed in the copy, so its absence is no failure.
 * Answers how many files `counts` accepts, and all the files' bytes.
 */
function copyLive(
  from: string,
  to: string,
  {
    keeps = () => true,
    counts = () => true,
  }: { keeps?: (file: string) => boolean; counts?: (file: string) => boolean },
) {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !keeps(file)) continue;
    const copied = path.join(to, path.relative(from, file));
    try {
      fs.mkdirSync(path.dirname(copied), { recursive: true, mode: 0o700 });
      fs.copyFileSync(file, copied, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (counts(file)) files += 1;
    bytes += fs.statSync(copied).size;
  }
  return { files, bytes };
}
