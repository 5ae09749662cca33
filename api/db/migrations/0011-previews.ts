import { type Kysely, sql } from "kysely";

// Previews that say what they are (ADR 061):
// - a ready file without a preview keeps why (`no_preview_reason`), so "no preview" is never
//   shown as "still processing";
// - a photo's or video's size, and a video's duration, for the row and the preview;
// - a second, larger thumbnail for rows on dense screens and grids.
// Files stored before this migration without a preview: a HEIC or a video is left without a
// reason, so the start-up backfill makes its previews now that they can be made
// (api/files/process.ts); anything else that is not an image had no preview for its type.
const COLUMNS = [
  ["no_preview_reason", "text"],
  ["width", "integer"],
  ["height", "integer"],
  ["duration_ms", "bigint"],
  ["thumbnail_large_key", "text"],
] as const;

export async function up(db: Kysely<unknown>) {
  // One column per statement: SQLite takes one per ALTER TABLE.
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable("files").addColumn(name, type).execute();
  }
  await sql`
    UPDATE files SET no_preview_reason = 'unsupportedType'
    WHERE status = 'ready' AND preview_key IS NULL
      AND content_type NOT LIKE 'image/%' AND content_type NOT LIKE 'video/%'
  `.execute(db);
  await sql`
    UPDATE files SET no_preview_reason = 'damagedFile'
    WHERE status = 'ready' AND preview_key IS NULL
      AND content_type IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif')
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable("files").dropColumn(name).execute();
  }
}
