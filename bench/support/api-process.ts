import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { startApi } from "#tests/api/support/api-server.ts";
import { insertCollection } from "#tests/api/support/collections.ts";
import { insertFile } from "#tests/api/support/files.ts";
import { ownedTeam } from "#tests/api/support/teams.ts";

/**
 * The API under measurement, in its own process so its memory is its own: the real API on a
 * fresh SQLite file (or PostgreSQL with TEST_DATABASE_URL), its blobs on disk (or in the S3
 * server BENCH_S3 describes, as JSON), one team, one collection, and:
 * - BENCH_SEED_FILES file rows written straight to the database, without bytes;
 * - BENCH_SMALL_FILES such rows in a second collection of the team, all older than the first's;
 * - BENCH_BLOB_FILES ready files of BENCH_BLOB_MIB MiB each, with their bytes stored.
 * Prints one JSON line with what a client needs, then serves until killed. Run by the
 * benchmarks through bench/support/spawn.ts.
 */
const seed = Number(process.env.BENCH_SEED_FILES ?? 0);
const smallFiles = Number(process.env.BENCH_SMALL_FILES ?? 0);
const blobFiles = Number(process.env.BENCH_BLOB_FILES ?? 0);
const blobMiB = Number(process.env.BENCH_BLOB_MIB ?? 1);
const s3 = process.env.BENCH_S3 ? JSON.parse(process.env.BENCH_S3) : undefined;
const api = await startApi({
  planLimits: { limitStorageBytes: -1, limitTrafficBytes: -1 },
  s3,
});
const { team, tokens } = await ownedTeam(api);
const collection = await insertCollection(api, team);

/** `count` file rows in `into`, a minute apart from `start` on. */
async function seedFiles(into: { collectionId: string }, count: number, start: number) {
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, count - i) }, (_, j) =>
        insertFile(api, team, into, {
          name: `photo-${String(i + j).padStart(6, "0")}-${randomUUID().slice(0, 4)}.jpg`,
          refDate: start + (i + j) * 60_000,
        }),
      ),
    );
  }
}
const seedStart = Date.now() - seed * 60_000;
await seedFiles(collection, seed, seedStart);
const small = smallFiles > 0 ? await insertCollection(api, team) : undefined;
if (small) await seedFiles(small, smallFiles, seedStart - (smallFiles + 1) * 60_000);

const fileIds: string[] = [];
for (let i = 0; i < blobFiles; i++) {
  // Bytes that differ from file to file, made cheaply: a pattern with the file's number in it.
  const content = Buffer.alloc(blobMiB * 1024 * 1024, `photo ${i} `);
  const stored = await insertFile(api, team, collection, {
    name: `scan-${String(i).padStart(4, "0")}.pdf`,
    contentType: "application/pdf",
    refDate: Date.now() - i * 60_000,
    withBlobs: true,
    content,
  });
  fileIds.push(stored.fileId);
}

if (seed + smallFiles > 0 && api.dialect === "postgres") {
  // What autovacuum does on a live database soon after a bulk load: without statistics the
  // planner takes a fresh 20,000-row table for an empty one.
  await sql`analyze`.execute(api.db);
}

process.stdout.write(
  `${JSON.stringify({
    url: api.url,
    accessToken: tokens.AccessToken,
    teamId: team.teamId,
    collectionId: collection.collectionId,
    smallCollectionId: small?.collectionId,
    dialect: api.dialect,
    storage: s3 ? "S3" : "disk",
    fileIds,
  })}\n`,
);

process.on("SIGTERM", async () => {
  await api.close();
  process.exit(0);
});
