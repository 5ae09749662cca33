import type { Kysely } from "kysely";

// A guest's zip (ADR 100) remembers the drop link it was asked through, so that serving it checks
// the link's state on every fetch: revoked, or set to show guests nothing, its zips stop at once.
// Null for a member's own zip. No foreign key, as for files.drop_link_id: a link that is gone
// stops its zips too (api/drop-links/gallery.ts, requireGalleryStillOpen).

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("downloads").addColumn("drop_link_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("downloads").dropColumn("drop_link_id").execute();
}
