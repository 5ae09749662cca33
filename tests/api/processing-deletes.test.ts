import type { Readable } from "node:stream";
import { pino } from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPlanBook } from "#api/billing/plans.ts";
import { createFileProcessor, fileBlobKeys } from "#api/files/process.ts";
import { createJobQueue } from "#api/jobs/queue.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { createTeamDeletionService } from "#api/team-deletion/team-deletion.ts";
import { UNLIMITED_PLAN_LIMITS } from "#domain/plans.ts";
import { bearer } from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { createDropLink } from "./support/drop-links.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { ownedTeam } from "./support/teams.ts";

// A file deleted while a job still writes its bytes (api/files/process.ts), over real HTTP on a
// real database and the real blob store: a guest taking a file back (ADR 098), a member trashing
// it or deleting it forever (ADR 092), or its team's purge (ADR 094), while the job is between
// its steps. The job runs here, beside the API, on the API's own database, uploads and blobs;
// the store it writes through pauses before a chosen key (and may fail on another), so the
// delete lands exactly there. Afterwards no blob may remain under any of the file's keys.

const api = apiForThisFile({ planLimits: { limitStorageBytes: 64 * 1024 * 1024 } });

/**
 * The API's blob store as a job sees it, pausing before it writes `pauseAt` until released,
 * failing the write of `failAt` (a storage outage), and stopping before `stopAt` until let go
 * (as far as the file goes, the job's process died there). `written` lists what went through.
 */
function pausingBlobs(
  inner: BlobStore,
  { pauseAt, failAt, stopAt }: { pauseAt: string; failAt?: string; stopAt?: string },
) {
  let reached!: () => void;
  let release!: () => void;
  const atPause = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let stopped!: () => void;
  let letGo!: () => void;
  const atStop = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const goneOn = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const written: string[] = [];
  const blobs: BlobStore = {
    async put(key: string, body: Readable, options) {
      if (key === pauseAt) {
        reached();
        await released;
      }
      if (key === stopAt) {
        stopped();
        await goneOn;
      }
      if (key === failAt) {
        body.destroy();
        throw new Error(`The store did not take ${key}`);
      }
      const stored = await inner.put(key, body, options);
      written.push(key);
      return stored;
    },
    get: (key, range) => inner.get(key, range),
    head: (key) => inner.head(key),
    delete: (key) => inner.delete(key),
    signedUrl: (key, options) => inner.signedUrl(key, options),
    ping: () => inner.ping(),
  };
  return { blobs, atPause, release, atStop, letGo, written };
}

function processorWith(blobs: BlobStore) {
  return createFileProcessor({
    db: api.db,
    blobs,
    uploads: api.uploadStore,
    logger: pino({ level: "silent" }),
    now: api.clock.now,
  });
}

/** A photo a guest sent through a drop link, processed: ready, with its original and previews. */
async function guestPhoto() {
  const { team, tokens } = await ownedTeam(api);
  const collection = { teamId: team.teamId, ...(await insertCollection(api, team)) };
  const link = await createDropLink(api, { collection, creator: team.ownerId });
  const entered = await api.request(`/api/drops/${link.token}/guests`, {
    method: "POST",
    json: {},
  });
  const { guestToken } = (await entered.json()) as { guestToken: string };
  const guest = { Authorization: `Bearer ${guestToken}` };
  const bytes = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const started = await api.request(`/api/drops/${link.token}/files`, {
    method: "POST",
    headers: guest,
    json: { name: "taken-back.jpg", contentType: "image/jpeg", size: bytes.length },
  });
  expect(started.status).toBe(201);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
  const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  await api.jobs.idle();
  const row = await api.db
    .selectFrom("files")
    .select(["status", "upload_id", "blob_key", "preview_key"])
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: "ready" });
  expect(row.preview_key).not.toBeNull();
  const keys = fileBlobKeys(team.teamId, fileId);
  return {
    fileId,
    uploadId: row.upload_id as string,
    keys,
    team,
    tokens,
    collectionId: collection.collectionId,
    withdraw: () =>
      api.request(`/api/drops/${link.token}/files/${fileId}`, { method: "DELETE", headers: guest }),
  };
}

type Photo = Awaited<ReturnType<typeof guestPhoto>>;

/**
 * Puts the photo back where a job finds it: its original stored, its previews not yet made
 * (status as given: processing after the last byte, ready for a file stored before its type's
 * previews could be made).
 */
async function previewsNotYetMade(photo: Photo, status: "processing" | "ready") {
  await api.db
    .updateTable("files")
    .set({
      status,
      thumbnail_key: null,
      thumbnail_large_key: null,
      preview_key: null,
      no_preview_reason: null,
    })
    .where("file_id", "=", photo.fileId)
    .execute();
  for (const key of [photo.keys.thumbnail, photo.keys.thumbnailLarge, photo.keys.preview]) {
    await api.blobs.delete(key);
  }
  expect(await api.blobs.head(photo.keys.original)).not.toBeNull();
}

/**
 * A guest's photo still processing, its original stored, and its job paused before it writes
 * the first preview, until `store.release()`.
 */
async function processingPausedBeforePreviews() {
  const photo = await guestPhoto();
  await previewsNotYetMade(photo, "processing");
  const store = pausingBlobs(api.blobs, { pauseAt: photo.keys.thumbnail });
  const job = processorWith(store.blobs).processFile({
    fileId: photo.fileId,
    uploadId: photo.uploadId,
  });
  await store.atPause;
  return { photo, store, job };
}

async function remainingBlobs(photo: Photo) {
  const left: string[] = [];
  for (const key of Object.values(photo.keys)) {
    if (await api.blobs.head(key)) left.push(key);
  }
  return left;
}

async function rowOf(fileId: string) {
  return api.db
    .selectFrom("files")
    .select("file_id")
    .where("file_id", "=", fileId)
    .executeTakeFirst();
}

describe("a guest taking back a file still processing", () => {
  it("between storing the original and writing its previews: the job removes what it wrote after", async () => {
    const { photo, store, job } = await processingPausedBeforePreviews();

    expect((await photo.withdraw()).status).toBe(204);
    // The delete's own jobs (the bytes it knew of, the upload) run while the job waits.
    await api.jobs.idle();
    expect(await rowOf(photo.fileId)).toBeUndefined();
    expect(await remainingBlobs(photo)).toEqual([]);

    store.release();
    await job;
    // The job did write the previews, after the delete had removed the file's bytes...
    expect(store.written).toEqual([
      photo.keys.thumbnail,
      photo.keys.thumbnailLarge,
      photo.keys.preview,
    ]);
    // ...and took them away again when it found the row gone.
    expect(await remainingBlobs(photo)).toEqual([]);
  });

  it("when the attempt then fails to write: it removes what it wrote, and has nothing to retry", async () => {
    const photo = await guestPhoto();
    await previewsNotYetMade(photo, "processing");
    const store = pausingBlobs(api.blobs, {
      pauseAt: photo.keys.thumbnail,
      failAt: photo.keys.preview,
    });
    const attempt = processorWith(store.blobs).processFile({
      fileId: photo.fileId,
      uploadId: photo.uploadId,
    });
    await store.atPause;

    expect((await photo.withdraw()).status).toBe(204);
    await api.jobs.idle();
    expect(await remainingBlobs(photo)).toEqual([]);

    store.release();
    // Resolves: a failure of a file that is gone is not one to try again.
    await attempt;
    expect(store.written).toEqual([photo.keys.thumbnail, photo.keys.thumbnailLarge]);
    expect(await remainingBlobs(photo)).toEqual([]);
  });

  it.each([
    ["the next attempt", "processFile"],
    ["the give-up after the last attempt", "failFile"],
  ] as const)(
    "when the attempt is cut short after writing previews (its process dies), %s removes them",
    async (_, next) => {
      const photo = await guestPhoto();
      await previewsNotYetMade(photo, "processing");
      const store = pausingBlobs(api.blobs, {
        pauseAt: photo.keys.thumbnail,
        stopAt: photo.keys.preview,
      });
      const payload = { fileId: photo.fileId, uploadId: photo.uploadId, teamId: photo.team.teamId };
      const dying = processorWith(store.blobs).processFile(payload);
      await store.atPause;

      expect((await photo.withdraw()).status).toBe(204);
      await api.jobs.idle();
      expect(await remainingBlobs(photo)).toEqual([]);
      store.release();
      await store.atStop;
      // What the attempt wrote after the delete's removal before it died, named by no row.
      expect(await remainingBlobs(photo)).toEqual([
        photo.keys.thumbnail,
        photo.keys.thumbnailLarge,
      ]);

      await processorWith(api.blobs)[next](payload);
      expect(await remainingBlobs(photo)).toEqual([]);

      // The stopped attempt is let go only so nothing runs once the API closes.
      store.letGo();
      await dying;
      expect(await remainingBlobs(photo)).toEqual([]);
    },
  );
});

describe("a member deleting a file forever while its missing previews are made", () => {
  it("leaves no blob: the job removes what it wrote for a row that is gone", async () => {
    const photo = await guestPhoto();
    await previewsNotYetMade(photo, "ready");
    const store = pausingBlobs(api.blobs, { pauseAt: photo.keys.thumbnail });
    const job = processorWith(store.blobs).makeMissingPreviews({ fileId: photo.fileId });
    await store.atPause;

    const filePath = `/api/teams/${photo.team.teamId}/collections/${photo.collectionId}/files/${photo.fileId}`;
    const trashed = await api.request(filePath, {
      method: "DELETE",
      headers: bearer(photo.tokens),
    });
    expect(trashed.status).toBe(204);
    const forever = await api.request(
      `/api/teams/${photo.team.teamId}/trash/files/${photo.fileId}`,
      {
        method: "DELETE",
        headers: bearer(photo.tokens),
      },
    );
    expect(forever.status).toBe(204);
    await api.jobs.idle();
    expect(await rowOf(photo.fileId)).toBeUndefined();
    expect(await remainingBlobs(photo)).toEqual([]);

    store.release();
    await job;
    expect(store.written).toEqual([
      photo.keys.thumbnail,
      photo.keys.thumbnailLarge,
      photo.keys.preview,
    ]);
    expect(await remainingBlobs(photo)).toEqual([]);
  });
});

describe("a member deleting a file still processing", () => {
  it("to the trash: the job finishes it there, and deleting it forever then leaves no blob", async () => {
    const { photo, store, job } = await processingPausedBeforePreviews();
    const owner = { headers: bearer(photo.tokens) };
    const trashed = await api.request(
      `/api/teams/${photo.team.teamId}/collections/${photo.collectionId}/files/${photo.fileId}`,
      { method: "DELETE", ...owner },
    );
    expect(trashed.status).toBe(204);
    store.release();
    await job;
    // In the trash the file is as any other: ready, its previews named, its bytes all there.
    const row = await api.db
      .selectFrom("files")
      .select(["status", "deleted_at", "preview_key"])
      .where("file_id", "=", photo.fileId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("ready");
    expect(row.deleted_at).not.toBeNull();
    expect(row.preview_key).toBe(photo.keys.preview);
    expect(await remainingBlobs(photo)).toEqual(Object.values(photo.keys));

    const forever = await api.request(
      `/api/teams/${photo.team.teamId}/trash/files/${photo.fileId}`,
      { method: "DELETE", ...owner },
    );
    expect(forever.status).toBe(204);
    await api.jobs.idle();
    expect(await remainingBlobs(photo)).toEqual([]);
  });

  it("deleted forever while the job writes its previews: the job removes them", async () => {
    const { photo, store, job } = await processingPausedBeforePreviews();
    const owner = { headers: bearer(photo.tokens) };
    const trashed = await api.request(
      `/api/teams/${photo.team.teamId}/collections/${photo.collectionId}/files/${photo.fileId}`,
      { method: "DELETE", ...owner },
    );
    expect(trashed.status).toBe(204);
    const forever = await api.request(
      `/api/teams/${photo.team.teamId}/trash/files/${photo.fileId}`,
      { method: "DELETE", ...owner },
    );
    expect(forever.status).toBe(204);
    await api.jobs.idle();
    expect(await remainingBlobs(photo)).toEqual([]);

    store.release();
    await job;
    expect(store.written).toEqual([
      photo.keys.thumbnail,
      photo.keys.thumbnailLarge,
      photo.keys.preview,
    ]);
    expect(await remainingBlobs(photo)).toEqual([]);
  });
});

/**
 * The team's purge as its job runs it, on the API's database, uploads and blobs, through a
 * store that holds the first removal of `holdAfter` once done, until released: the purge has
 * removed the batch's bytes and not yet its rows.
 */
function purgeHeldAfterRemoving(holdAfter: string) {
  let reached!: () => void;
  let release!: () => void;
  const atHold = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const blobs: BlobStore = {
    ...api.blobs,
    async delete(key: string) {
      await api.blobs.delete(key);
      if (key === holdAfter && !held) {
        held = true;
        reached();
        await released;
      }
    },
  };
  const logger = pino({ level: "silent" });
  const service = createTeamDeletionService({
    db: api.db,
    now: api.clock.now,
    logger,
    blobs,
    uploads: api.uploadStore,
    // Never started: the purge queues nothing.
    jobs: createJobQueue({ db: api.db, logger, now: api.clock.now }),
    plans: createPlanBook({
      db: api.db,
      now: api.clock.now,
      catalogue: null,
      configuredLimits: UNLIMITED_PLAN_LIMITS,
    }),
  });
  return { purge: (teamId: string) => service.purge({ teamId }), atHold, release };
}

describe("a team purged while a job writes a file's previews", () => {
  it("between the purge removing the file's bytes and its row: the purge removes them again", async () => {
    const { photo, store, job } = await processingPausedBeforePreviews();
    const deleted = await api.request(`/api/teams/${photo.team.teamId}`, {
      method: "DELETE",
      headers: bearer(photo.tokens),
      json: { name: photo.team.name },
    });
    expect(deleted.status).toBe(202);
    // The team's wait is over (the purge's own job stays queued for its date, far off).
    await api.db
      .updateTable("teams")
      .set({ purge_at: api.clock.now() })
      .where("team_id", "=", photo.team.teamId)
      .execute();

    const purging = purgeHeldAfterRemoving(photo.keys.original);
    const purge = purging.purge(photo.team.teamId);
    await purging.atHold;
    expect(await remainingBlobs(photo)).toEqual([]);
    // The job goes on while the file's row is still there: it writes the previews, and its
    // file becomes ready.
    store.release();
    await job;
    expect(store.written).toEqual([
      photo.keys.thumbnail,
      photo.keys.thumbnailLarge,
      photo.keys.preview,
    ]);
    expect(await rowOf(photo.fileId)).toBeDefined();

    purging.release();
    await purge;
    expect(await rowOf(photo.fileId)).toBeUndefined();
    expect(await remainingBlobs(photo)).toEqual([]);
  });
});
