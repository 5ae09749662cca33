import { type Kysely, sql } from "kysely";

// What a photo's EXIF says, kept as it says it (ADR 080): when it was
// taken, null when it does not say, and the camera's make and model. Lists still sort by ref_date,
// which is taken_at when there is one. Files stored before get taken_at from ref_date where it
// differs from the upload time (only an EXIF date makes it differ); their camera stays unknown.
const COLUMNS = [
  ["taken_at", "bigint"],
  ["camera_make", "text"],
  ["camera_model", "text"],
] as const;

export async function up(db: Kysely<unknown>) {
  // One column a statement: SQLite adds no more.
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable("files").addColumn(name, type).execute();
  }
  await sql`UPDATE files SET taken_at = ref_date WHERE ref_date <> created_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const [name] of COLUMNS) await db.schema.alterTable("files").dropColumn(name).execute();
}
