import { type Kysely, sql } from "kysely";

// PDFs get their first page as thumbnails and preview (ADR 062). A PDF stored before was left
// ready without previews, as unsupportedType: its reason is cleared, so the start-up backfill
// (enqueueMissingPreviews in api/files/process.ts) makes them now. Only those rows: a PDF with
// any other reason, and every other type, stays as it is.

export async function up(db: Kysely<unknown>) {
  await sql`
    UPDATE files SET no_preview_reason = NULL
    WHERE status = 'ready' AND content_type = 'application/pdf'
      AND no_preview_reason = 'unsupportedType' AND preview_key IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  // Those the backfill has not reached yet go back to what they were.
  await sql`
    UPDATE files SET no_preview_reason = 'unsupportedType'
    WHERE status = 'ready' AND content_type = 'application/pdf'
      AND no_preview_reason IS NULL AND preview_key IS NULL
  `.execute(db);
}
