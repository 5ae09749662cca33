// Run as a separate process by migrations.test.ts: one "instance" starting up and migrating.
import { migrateToLatest, openDatabase } from "#api/db/database.ts";

const database = openDatabase({
  dataDir: process.env.DATA_DIR ?? "",
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_SCHEMA || undefined,
});
const applied = await migrateToLatest(database);
await database.db.destroy();
process.stdout.write(JSON.stringify(applied));
