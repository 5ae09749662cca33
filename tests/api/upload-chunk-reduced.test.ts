import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// A client whose chunks a proxy refused sends smaller ones marked Upload-Chunk-Reduced: the API
// logs it once per size and shows the smallest on GET /api/status until it restarts, to whoever
// runs a team (ADR 103). The sizes seen belong to the app instance (one per process in
// production): this file starts its own.

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let collectionId: string;

beforeAll(async () => {
  api = await startApi();
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  collectionId = (await insertCollection(api, team)).collectionId;
});
afterAll(() => api.close());

/** A started text file's upload address, on the API's own address. */
async function uploadAddress(size: number) {
  const response = await api.request(
    `/api/teams/${team.teamId}/collections/${collectionId}/files`,
    {
      method: "POST",
      headers: bearer(owner),
      json: { name: "notes.txt", contentType: "text/plain", size },
    },
  );
  expect(response.status).toBe(201);
  const { uploadUrl } = (await response.json()) as { uploadUrl: string };
  return uploadUrl.replace(PUBLIC_URL, api.url);
}

function patch(url: string, offset: number, bytes: Buffer, reduced?: string) {
  return fetch(url, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      ...(reduced === undefined ? {} : { "Upload-Chunk-Reduced": reduced }),
    },
    body: new Uint8Array(bytes),
  });
}

const warnings = () =>
  api.logs.filter((line) => line.msg.includes("chunks by a proxy; raise client_max_body_size"));

/** What /api/status says of chunk sizes to the owner, or to `caller`'s headers. */
async function chunkLimit(caller: Record<string, string> = bearer(owner)) {
  const response = await api.request("/api/status", { headers: caller });
  expect(response.status).toBe(200);
  return ((await response.json()) as { uploadChunkLimitBytes: number | null })
    .uploadChunkLimitBytes;
}

describe("Upload-Chunk-Reduced", () => {
  it("is logged once per size and shown on /api/status, the smallest size first", async () => {
    expect(await chunkLimit()).toBeNull();
    const piece = Buffer.alloc(1024, "a");
    const url = await uploadAddress(4 * piece.length);
    // Unmarked PATCHes tell nothing.
    expect((await patch(url, 0, piece)).status).toBe(204);
    expect(warnings()).toEqual([]);
    expect(await chunkLimit()).toBeNull();

    expect((await patch(url, 1024, piece, String(1024 * 1024))).status).toBe(204);
    expect((await patch(url, 2048, piece, String(1024 * 1024))).status).toBe(204);
    expect(warnings().map((line) => line.msg)).toEqual([
      "uploads are being cut to 1 MiB chunks by a proxy; raise client_max_body_size",
    ]);
    expect(await chunkLimit()).toBe(1024 * 1024);

    expect((await patch(url, 3072, piece, String(512 * 1024))).status).toBe(204);
    expect(warnings().map((line) => line.msg)).toEqual([
      "uploads are being cut to 1 MiB chunks by a proxy; raise client_max_body_size",
      "uploads are being cut to 512 KiB chunks by a proxy; raise client_max_body_size",
    ]);
    expect(await chunkLimit()).toBe(512 * 1024);
  });

  it("ignores a refused PATCH and values that are no chunk size", async () => {
    const before = warnings().length;
    const url = await uploadAddress(2048);
    expect((await patch(url, 0, Buffer.alloc(16, "a"))).status).toBe(204);
    // A wrong offset is refused (409): nothing learnt from it.
    const refused = await patch(url, 5, Buffer.alloc(16, "a"), String(256 * 1024));
    expect(refused.status).toBe(409);
    let offset = 16;
    for (const value of ["abc", "-1", "1", String(2 ** 40), "1e6"]) {
      expect((await patch(url, offset, Buffer.alloc(16, "a"), value)).status).toBe(204);
      offset += 16;
    }
    expect(warnings()).toHaveLength(before);
    expect(await chunkLimit()).toBe(512 * 1024);
  });
});

describe("who is told on /api/status", () => {
  it("an active owner or admin of a live team; nobody else, and the status answers all alike", async () => {
    const piece = Buffer.alloc(16, "a");
    expect((await patch(await uploadAddress(16), 0, piece, String(256 * 1024))).status).toBe(204);
    expect(await chunkLimit()).toBe(256 * 1024);

    const admin = await addMember(api, team, { role: "admin" });
    expect(await chunkLimit(bearer(await tokensFor(api, admin)))).toBe(256 * 1024);

    // Every other role, and an admin who has left, hear nothing of it.
    for (const role of ["uploader", "upviewer", "viewer"] as const) {
      const member = await addMember(api, team, { role });
      expect(await chunkLimit(bearer(await tokensFor(api, member))), role).toBeNull();
    }
    const left = await addMember(api, team, { role: "admin" });
    const leftTokens = await tokensFor(api, left);
    await api.db
      .updateTable("members")
      .set({ status: "left" })
      .where("team_id", "=", team.teamId)
      .where("user_id", "=", left.userId)
      .execute();
    expect(await chunkLimit(bearer(leftTokens))).toBeNull();

    // The owner of a deleted team no longer runs it.
    const other = await ownedTeam(api);
    expect(await chunkLimit(bearer(other.tokens))).toBe(256 * 1024);
    await api.db
      .updateTable("teams")
      .set({ deleted_at: api.clock.now(), purge_at: api.clock.now() + 60_000 })
      .where("team_id", "=", other.team.teamId)
      .execute();
    expect(await chunkLimit(bearer(other.tokens))).toBeNull();

    // Anonymous, and a token that is not valid: still a 200 liveness answer, without the note.
    expect(await chunkLimit({})).toBeNull();
    expect(await chunkLimit({ Authorization: "Bearer not-a-token" })).toBeNull();
    expect(await chunkLimit({ Authorization: "Basic Zm9vOmJhcg==" })).toBeNull();
  });
});
