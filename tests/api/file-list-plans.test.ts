import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireTeamMember } from "#api/access/teams.ts";
import type { Database } from "#api/db/schema.ts";
import { createFileService, type FileListQuery } from "#api/files/files.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, type TestTeam, type TestUser } from "./support/teams.ts";

/*
 * Which index SQLite reads for a collection's files list. The list named the team on the files
 * (`files.team_id = ?`) as well as the collection, and SQLite then walked the team's index in
 * date order, skipping every other collection's files one by one: beside a collection of 20,000
 * files, a small one listed 19 times slower (bench/file-pages.ts). A plan is what the query
 * planner decides from the query's shape and the schema, so this is no timing test.
 *
 * PostgreSQL chooses from its statistics of the data, not from the query's shape alone; its
 * plans are measured by the same benchmark with TEST_DATABASE_URL.
 */
const api = apiForThisFile();
const onSqlite = !process.env.TEST_DATABASE_URL;

describe.skipIf(!onSqlite)("a collection's files list on SQLite", () => {
  let team: TestTeam;
  let owner: TestUser;
  let contributor: TestUser;
  let collectionId: string;
  let raw: SqliteDatabase.Database;
  let logged: Kysely<Database>;
  const queries: CompiledQuery[] = [];

  beforeAll(async () => {
    ({ team, owner } = await ownedTeam(api));
    contributor = await addMember(api, team, { role: "uploader" });
    const collection = await insertCollection(api, team, { mode: "collaborative" });
    const neighbour = await insertCollection(api, team);
    collectionId = collection.collectionId;
    for (const [index, uploadedBy] of [owner.userId, contributor.userId].entries()) {
      await insertFile(api, team, collection, { uploadedBy, refDate: 1_000 + index });
      await insertFile(api, team, neighbour, { refDate: 2_000 + index });
    }
    // The API's own database file, read through a Kysely that keeps every query it runs.
    raw = new SqliteDatabase(path.join(api.dataDir, "app.db"), { readonly: true });
    logged = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: new SqliteDatabase(path.join(api.dataDir, "app.db")),
      }),
      log: (event) => {
        if (event.level === "query") queries.push(event.query);
      },
    });
  });
  afterAll(async () => {
    raw?.close();
    await logged?.destroy();
  });

  /** Lists as `user` through the files service, and answers how SQLite reads the files. */
  async function filesPlan(user: TestUser, query: Partial<FileListQuery>) {
    const files = createFileService({ db: logged, now: api.clock.now, blobs: api.blobs });
    const access = await requireTeamMember(logged, team.teamId, user.userId);
    queries.length = 0;
    const page = await files.listCollection(access, collectionId, {
      sort: "refDate:desc",
      limit: 20,
      ...query,
    });
    const list = queries.find(({ sql }) => /^select "files"\."file_id"/.test(sql));
    if (!list) throw new Error("The files list ran no query on files");
    const plan = raw
      .prepare(`explain query plan ${list.sql}`)
      .all(...(list.parameters as unknown[])) as { detail: string }[];
    const onFiles = plan.map(({ detail }) => detail).filter((detail) => / files /.test(detail));
    return { names: page.files.map(({ name }) => name), onFiles };
  }

  it.each<[string, Partial<FileListQuery>]>([
    ["newest first", {}],
    ["oldest first", { sort: "refDate:asc" }],
    ["between two dates", { from: 500, to: 5_000 }],
  ])("an owner's list (%s) reads the collection's index, not the team's", async (_, query) => {
    const { names, onFiles } = await filesPlan(owner, query);
    expect(names).toHaveLength(2);
    expect(onFiles).toEqual([expect.stringMatching(/USING (COVERING )?INDEX files_collection_/)]);
  });

  it("a list of one uploader's files reads the collection's index by uploader", async () => {
    const { names, onFiles } = await filesPlan(owner, { creator: contributor.userId });
    expect(names).toHaveLength(1);
    expect(onFiles).toEqual([expect.stringMatching(/INDEX files_collection_uploader_ref/)]);
  });

  it("a contributor's list, of their own files only, reads the same index", async () => {
    const { names, onFiles } = await filesPlan(contributor, {});
    expect(names).toHaveLength(1);
    expect(onFiles).toEqual([expect.stringMatching(/INDEX files_collection_uploader_ref/)]);
  });
});
