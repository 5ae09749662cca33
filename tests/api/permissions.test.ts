import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXPECTED_STATUS,
  PERMISSION_ACTORS,
  type PermissionActor,
  type PermissionEndpoint,
} from "./permissions.expected.ts";
import { bearer, newEmail, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { insertFile } from "./support/files.ts";
import {
  addMember,
  memberPath,
  ownedTeam,
  storedAccount,
  type TestTeam,
  tokensFor,
} from "./support/teams.ts";

// Every team endpoint, called as every actor of permissions.expected.ts; the statuses must be the
// committed ones. Each call gets fresh targets, so one actor's change never affects another's.

interface Caller {
  userId: string;
  tokens: Tokens;
}
interface Call {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  /** Besides the caller's bearer token (a tus creation's Upload-Length and Upload-Metadata). */
  headers?: Record<string, string>;
}

let api: TestApi;
let team: TestTeam;
/** An admin who is none of the actors: the author of "someone else's" collections. */
let authorId: string;
const callers = {} as Record<PermissionActor, Caller>;

beforeAll(async () => {
  // Fresh targets pile up in one team: no member limit gets in the way.
  api = await startApi({ planLimits: { limitMembersPerTeam: -1, limitAliasesPerTeam: -1 } });
  const owned = await ownedTeam(api);
  team = owned.team;
  callers.owner = { userId: owned.owner.userId, tokens: owned.tokens };
  for (const role of ["admin", "upviewer", "uploader", "viewer"] as const) {
    const member = await addMember(api, team, { role });
    callers[role] = { userId: member.userId, tokens: await tokensFor(api, member) };
  }
  // Signed in while active, then disabled: the token still works, the team no longer does.
  const disabled = await addMember(api, team, { role: "admin" });
  callers.disabled = { userId: disabled.userId, tokens: await tokensFor(api, disabled) };
  await api.db
    .updateTable("members")
    .set({ status: "disabled" })
    .where("team_id", "=", team.teamId)
    .where("member_id", "=", disabled.memberId)
    .execute();
  authorId = (await addMember(api, team, { role: "admin" })).userId;
  const stranger = await storedAccount(api);
  callers.nonMember = { userId: stranger.userId, tokens: await tokensFor(api, stranger) };
  const other = await ownedTeam(api);
  callers.otherTeam = { userId: other.owner.userId, tokens: other.tokens };
});
afterAll(() => api.close());

const members = () => `/api/teams/${team.teamId}/members`;
const collections = () => `/api/teams/${team.teamId}/collections`;

/** Sets the team's mode, which decides whether contributors may create collections. */
async function teamMode(mode: "collaborative" | "controlled") {
  await api.db.updateTable("teams").set({ mode }).where("team_id", "=", team.teamId).execute();
}
const fresh = () => randomUUID().slice(0, 8);

/**
 * A download of an empty collection asked for by `userId`, written straight to the database:
 * so even a role that may not ask for one (a member who was a viewer then) has one to read.
 */
async function downloadOf(userId: string) {
  const target = await insertCollection(api, team, { createdBy: authorId });
  const downloadId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("downloads")
    .values({
      download_id: downloadId,
      team_id: team.teamId,
      collection_id: target.collectionId,
      requested_by: userId,
      archive_name: "Empty",
      status: "ready",
      total_parts: 1,
      created_at: at,
      expires_at: at + 60 * 60 * 1000,
    })
    .execute();
  return downloadId;
}
const replace = (path: string, value: string) => [{ op: "replace", path, value }];

/**
 * A fresh file (with its bytes) in a fresh collaborative collection: uploaded by the actor
 * ("own") or by the author ("someone else's"). Its path.
 */
async function filePath(uploadedBy: string) {
  const collection = await insertCollection(api, team, {
    createdBy: authorId,
    mode: "collaborative",
  });
  const file = await insertFile(api, team, collection, {
    uploadedBy,
    contentType: "application/pdf",
    withBlobs: true,
  });
  return `${collections()}/${collection.collectionId}/files/${file.fileId}`;
}

/** A fresh file in a fresh collaborative collection, put in the trash (ADR 092): its id. */
async function trashedFile(uploadedBy: string) {
  const path = await filePath(uploadedBy);
  const fileId = path.split("/").pop() as string;
  await api.db
    .updateTable("files")
    .set({ deleted_at: api.clock.now(), deleted_by: authorId })
    .where("file_id", "=", fileId)
    .execute();
  return fileId;
}

/** A fresh collection, put in the trash: its id. */
async function trashedCollection() {
  const { collectionId } = await insertCollection(api, team, { createdBy: authorId });
  await api.db
    .updateTable("collections")
    .set({ deleted_at: api.clock.now(), deleted_by: authorId })
    .where("collection_id", "=", collectionId)
    .execute();
  return collectionId;
}

/** A fresh drop link (ADR 097) of a fresh collection, made by the author: its id. */
async function dropLink() {
  const { collectionId } = await insertCollection(api, team, { createdBy: authorId });
  const linkId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("drop_links")
    .values({
      link_id: linkId,
      team_id: team.teamId,
      collection_id: collectionId,
      token: randomUUID().replaceAll("-", "").slice(0, 24),
      title: "A link",
      message: null,
      deadline_at: null,
      time_zone: "UTC",
      pin_hash: null,
      ask_name: "optional",
      ask_email: 0,
      guest_max_files: null,
      guest_max_bytes: null,
      guests_see: "nothing",
      hold_for_review: 0,
      status: "active",
      created_by: authorId,
      created_at: at,
      updated_at: at,
      digest_sent_at: null,
    })
    .execute();
  return linkId;
}

/** How to call each endpoint as `actor`, with whatever target it needs made fresh. */
const CALLS: Record<PermissionEndpoint, (actor: PermissionActor) => Promise<Call>> = {
  "GET /teams/{teamId}": async () => ({ method: "GET", path: `/api/teams/${team.teamId}` }),
  "PATCH /teams/{teamId} /name": async () => ({
    method: "PATCH",
    path: `/api/teams/${team.teamId}`,
    json: replace("/name", `Team ${fresh()}`),
  }),
  "POST /teams/{teamId}/aliases": async () => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/aliases`,
    json: { alias: `alias-${fresh()}`, star: true },
  }),
  "GET /teams/{teamId}/deletion": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/deletion`,
  }),
  "DELETE /teams/{teamId} (a wrong name)": async () => ({
    method: "DELETE",
    path: `/api/teams/${team.teamId}`,
    json: { name: `Not ${team.name}` },
  }),
  "POST /teams/{teamId}/restore (a live team)": async () => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/restore`,
  }),
  "POST /teams/{teamId}/logos": async () => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/logos`,
    json: { contentType: "image/png" },
  }),
  "GET /teams/{teamId}/logos/{logoId}": async () => {
    // A logo the owner started: reading its status is part of setting it.
    const started = await api.request(`/api/teams/${team.teamId}/logos`, {
      method: "POST",
      headers: bearer(callers.owner.tokens),
      json: { contentType: "image/png" },
    });
    const { logoId } = (await started.json()) as { logoId: string };
    return { method: "GET", path: `/api/teams/${team.teamId}/logos/${logoId}` };
  },
  "GET /teams/{teamId}/activity": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/activity`,
  }),
  "GET /teams/{teamId}/members": async () => ({ method: "GET", path: members() }),
  "GET /teams/{teamId}/members/{userId}": async () => ({
    method: "GET",
    path: memberPath(team, team.ownerId),
  }),
  "POST /teams/{teamId}/members (email)": async () => ({
    method: "POST",
    path: members(),
    json: { email: newEmail("perm"), nickname: `Invitee ${fresh()}`, role: "viewer" },
  }),
  "POST /teams/{teamId}/members (internal)": async () => ({
    method: "POST",
    path: members(),
    json: { username: `cam.${fresh()}` },
  }),
  "PATCH /teams/{teamId}/members/{userId} /role": async () => {
    const target = await addMember(api, team, { role: "viewer" });
    return {
      method: "PATCH",
      path: memberPath(team, target.memberId),
      json: replace("/role", "uploader"),
    };
  },
  "PATCH /teams/{teamId}/members/{userId} /status disabled": async () => {
    const target = await addMember(api, team, { role: "viewer" });
    return {
      method: "PATCH",
      path: memberPath(team, target.memberId),
      json: replace("/status", "disabled"),
    };
  },
  "PATCH /teams/{teamId}/members/{userId} /status active": async () => {
    const target = await addMember(api, team, { role: "viewer", status: "disabled" });
    return {
      method: "PATCH",
      path: memberPath(team, target.memberId),
      json: replace("/status", "active"),
    };
  },
  "PATCH /teams/{teamId}/members/{userId} /nickname (another member)": async () => {
    const target = await addMember(api, team, { role: "viewer" });
    return {
      method: "PATCH",
      path: memberPath(team, target.memberId),
      json: replace("/nickname", `Renamed ${fresh()}`),
    };
  },
  "PATCH /teams/{teamId}/members/{userId} /nickname (self)": async (actor) => ({
    method: "PATCH",
    path: memberPath(team, callers[actor].userId),
    json: replace("/nickname", `Myself ${fresh()}`),
  }),
  "DELETE /teams/{teamId}/members/{userId}": async () => {
    const target = await addMember(api, team, { role: "viewer" });
    return { method: "DELETE", path: memberPath(team, target.memberId) };
  },
  "POST /teams/{teamId}/members/{userId}/new-password": async () => {
    const target = await addMember(api, team, { type: "internal" });
    return { method: "POST", path: memberPath(team, target.memberId, "/new-password") };
  },
  "POST /teams/{teamId}/invitations/resend": async () => {
    // Last sent more than a day ago: the cooldown is over.
    const target = await addMember(api, team, { status: "invited" });
    return {
      method: "POST",
      path: `/api/teams/${team.teamId}/invitations/resend`,
      json: { userId: target.memberId },
    };
  },
  "GET /teams/{teamId}/collections": async () => ({ method: "GET", path: collections() }),
  "GET /teams/{teamId}/members/{userId}/collections": async () => ({
    method: "GET",
    path: memberPath(team, team.ownerId, "/collections"),
  }),
  "GET /teams/{teamId}/shared-collections": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/shared-collections`,
  }),
  "GET /collections": async () => ({ method: "GET", path: "/api/collections" }),
  "GET /teams/{teamId}/collections/{collectionId} (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return { method: "GET", path: `${collections()}/${target.collectionId}` };
  },
  "GET /teams/{teamId}/collections/{collectionId} (someone else's owned)": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return { method: "GET", path: `${collections()}/${target.collectionId}` };
  },
  "POST /teams/{teamId}/collections (collaborative team)": async () => {
    await teamMode("collaborative");
    return { method: "POST", path: collections(), json: { name: `Collection ${fresh()}` } };
  },
  "POST /teams/{teamId}/collections (controlled team)": async () => {
    await teamMode("controlled");
    return { method: "POST", path: collections(), json: { name: `Collection ${fresh()}` } };
  },
  "POST /teams/{teamId}/collections mode collaborative": async () => {
    await teamMode("collaborative");
    return {
      method: "POST",
      path: collections(),
      json: { name: `Shared ${fresh()}`, mode: "collaborative" },
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /name (someone else's)": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: replace("/name", `Renamed ${fresh()}`),
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /name (own)": async (actor) => {
    const target = await insertCollection(api, team, { createdBy: callers[actor].userId });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: replace("/name", `Renamed ${fresh()}`),
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (someone else's)": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: [{ op: "replace", path: "/tags", value: [authorId] }],
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (own)": async (actor) => {
    const target = await insertCollection(api, team, { createdBy: callers[actor].userId });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: [{ op: "replace", path: "/tags", value: [authorId] }],
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: [{ op: "replace", path: "/tags", value: [authorId] }],
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /mode collaborative": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: replace("/mode", "collaborative"),
    };
  },
  "PATCH /teams/{teamId}/collections/{collectionId} /mode owned": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return {
      method: "PATCH",
      path: `${collections()}/${target.collectionId}`,
      json: replace("/mode", "owned"),
    };
  },
  "GET /teams/{teamId}/collections/{collectionId}/files": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return { method: "GET", path: `${collections()}/${target.collectionId}/files` };
  },
  "GET /teams/{teamId}/files": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/files`,
  }),
  "GET /files": async () => ({ method: "GET", path: "/api/files" }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId} (own)": async (actor) => ({
    method: "GET",
    path: await filePath(callers[actor].userId),
  }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId} (someone else's)": async () => ({
    method: "GET",
    path: await filePath(authorId),
  }),
  "PATCH /teams/{teamId}/collections/{collectionId}/files/{fileId} /name (own)": async (actor) => ({
    method: "PATCH",
    path: await filePath(callers[actor].userId),
    json: replace("/name", `Renamed ${fresh()}`),
  }),
  "PATCH /teams/{teamId}/collections/{collectionId}/files/{fileId} /name (someone else's)":
    async () => ({
      method: "PATCH",
      path: await filePath(authorId),
      json: replace("/name", `Renamed ${fresh()}`),
    }),
  "DELETE /teams/{teamId}/collections/{collectionId}/files/{fileId} (own)": async (actor) => ({
    method: "DELETE",
    path: await filePath(callers[actor].userId),
  }),
  "DELETE /teams/{teamId}/collections/{collectionId}/files/{fileId} (someone else's)":
    async () => ({ method: "DELETE", path: await filePath(authorId) }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/content (own)": async (actor) => ({
    method: "GET",
    path: `${await filePath(callers[actor].userId)}/content`,
  }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/content (someone else's)":
    async () => ({ method: "GET", path: `${await filePath(authorId)}/content` }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/neighbours (own)": async (
    actor,
  ) => ({
    method: "GET",
    path: `${await filePath(callers[actor].userId)}/neighbours`,
  }),
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/neighbours (someone else's)":
    async () => ({ method: "GET", path: `${await filePath(authorId)}/neighbours` }),
  "POST /teams/{teamId}/collections/{collectionId}/files (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return {
      method: "POST",
      path: `${collections()}/${target.collectionId}/files`,
      json: { name: "notes.txt", contentType: "text/plain", size: 5 },
    };
  },
  "GET /teams/{teamId}/collections/{collectionId}/upload-room (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return { method: "GET", path: `${collections()}/${target.collectionId}/upload-room` };
  },
  "POST /teams/{teamId}/collections/{collectionId}/duplicates (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    return {
      method: "POST",
      path: `${collections()}/${target.collectionId}/duplicates`,
      json: { files: [{ key: "a", name: "photo.jpg", size: 5 }] },
    };
  },
  "POST /teams/{teamId}/collections/{collectionId}/files (someone else's owned)": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return {
      method: "POST",
      path: `${collections()}/${target.collectionId}/files`,
      json: { name: "notes.txt", contentType: "text/plain", size: 5 },
    };
  },
  "POST /teams/{teamId}/downloads": async () => {
    const target = await insertCollection(api, team, { createdBy: authorId });
    return {
      method: "POST",
      path: `/api/teams/${team.teamId}/downloads`,
      json: { collectionId: target.collectionId },
    };
  },
  "GET /teams/{teamId}/downloads/{downloadId} (own)": async (actor) => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/downloads/${await downloadOf(callers[actor].userId)}`,
  }),
  "GET /teams/{teamId}/downloads/{downloadId}/download (own)": async (actor) => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/downloads/${await downloadOf(callers[actor].userId)}/download`,
  }),
  "GET /teams/{teamId}/downloads/{downloadId} (someone else's)": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/downloads/${await downloadOf(authorId)}`,
  }),
  "POST /uploads (collaborative)": async () => {
    const target = await insertCollection(api, team, {
      createdBy: authorId,
      mode: "collaborative",
    });
    const metadata = { teamId: team.teamId, collectionId: target.collectionId, filename: "a.txt" };
    return {
      method: "POST",
      path: "/api/uploads",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "5",
        "Upload-Metadata": Object.entries(metadata)
          .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
          .join(","),
      },
    };
  },
  "DELETE /teams/{teamId}/collections/{collectionId} (own)": async (actor) => {
    const target = await insertCollection(api, team, { createdBy: callers[actor].userId });
    return { method: "DELETE", path: `${collections()}/${target.collectionId}` };
  },
  "GET /teams/{teamId}/trash": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/trash`,
  }),
  "POST /teams/{teamId}/trash/files/{fileId}/restore (own)": async (actor) => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/trash/files/${await trashedFile(callers[actor].userId)}/restore`,
  }),
  "POST /teams/{teamId}/trash/files/{fileId}/restore (someone else's)": async () => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/trash/files/${await trashedFile(authorId)}/restore`,
  }),
  "POST /teams/{teamId}/trash/collections/{collectionId}/restore": async () => ({
    method: "POST",
    path: `/api/teams/${team.teamId}/trash/collections/${await trashedCollection()}/restore`,
  }),
  "DELETE /teams/{teamId}/trash/files/{fileId}": async () => ({
    method: "DELETE",
    path: `/api/teams/${team.teamId}/trash/files/${await trashedFile(authorId)}`,
  }),
  "DELETE /teams/{teamId}/trash/collections/{collectionId}": async () => ({
    method: "DELETE",
    path: `/api/teams/${team.teamId}/trash/collections/${await trashedCollection()}`,
  }),
  "DELETE /teams/{teamId}/trash": async () => ({
    method: "DELETE",
    path: `/api/teams/${team.teamId}/trash`,
  }),
  "GET /teams/{teamId}/collections/{collectionId}/drop-links": async () => ({
    method: "GET",
    path: `${collections()}/${(await insertCollection(api, team, { createdBy: authorId })).collectionId}/drop-links`,
  }),
  "POST /teams/{teamId}/collections/{collectionId}/drop-links": async () => ({
    method: "POST",
    path: `${collections()}/${(await insertCollection(api, team, { createdBy: authorId })).collectionId}/drop-links`,
    json: { title: `Link ${fresh()}` },
  }),
  "GET /teams/{teamId}/drop-links": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/drop-links`,
  }),
  "GET /teams/{teamId}/drop-links/{linkId}": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/drop-links/${await dropLink()}`,
  }),
  "PATCH /teams/{teamId}/drop-links/{linkId}": async () => ({
    method: "PATCH",
    path: `/api/teams/${team.teamId}/drop-links/${await dropLink()}`,
    json: { status: "paused" },
  }),
  "GET /teams/{teamId}/drop-links/{linkId}/qr.svg": async () => ({
    method: "GET",
    path: `/api/teams/${team.teamId}/drop-links/${await dropLink()}/qr.svg`,
  }),
};

describe("the permission matrix on the team endpoints", () => {
  it("has a call for every expected row, and an expectation for every actor", () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(EXPECTED_STATUS).sort());
    for (const row of Object.values(EXPECTED_STATUS)) {
      expect(Object.keys(row).sort()).toEqual([...PERMISSION_ACTORS].sort());
    }
  });

  for (const endpoint of Object.keys(EXPECTED_STATUS) as PermissionEndpoint[]) {
    it(endpoint, async () => {
      const actual = {} as Record<PermissionActor, number>;
      for (const actor of PERMISSION_ACTORS) {
        const call = await CALLS[endpoint](actor);
        const response = await api.request(call.path, {
          method: call.method,
          headers: { ...bearer(callers[actor].tokens), ...call.headers },
          json: call.json,
        });
        actual[actor] = response.status;
        await response.body?.cancel();
      }
      expect(actual).toEqual(EXPECTED_STATUS[endpoint]);
    });
  }
});
