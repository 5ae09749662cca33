import type { Kysely } from "kysely";

// Live Photos (ADR 063): the short QuickTime film an iPhone keeps beside a photo is stored as a
// file of its own, and `motion_of` names the photo it moves. Lists show the photo alone, which
// plays its motion; both download and zip as the files they are. A photo has at most one.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("files").addColumn("motion_of", "text").execute();
  await db.schema
    .createIndex("files_motion_of")
    .on("files")
    .column("motion_of")
    .unique()
    .where("motion_of", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("files_motion_of").execute();
  await db.schema.alterTable("files").dropColumn("motion_of").execute();
}
