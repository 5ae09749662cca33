import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import { requireVisibleCollection } from "#api/access/collections.ts";
import type { TeamAccess } from "#api/access/teams.ts";
import { actorOf } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, DownloadEntryRow, DownloadRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { takeUserTurn } from "#api/users/users.ts";
import { hasTeamAccess } from "#domain/members.ts";
import {
  can,
  canDownloadCollection,
  canSeeAllCollections,
  canSeeCollection,
} from "#domain/roles.ts";
import { layoutZip, type ZipEntry, type ZipLayout, ZipSizer } from "./zip.ts";
import { entryPaths } from "./zip-names.ts";

/*
 * Collection downloads (docs/product.md#downloads, ADR 025). Asking fixes the archive: which
 * files, under which names, in which order and in which part. The archive itself is never
 * built; every read streams it from the blob store (zip.ts), whole or the range asked for.
 */

/** Where the archives are served: `GET /api/archives/{downloadId}/{partId}?expires&signature`. */
export const ARCHIVE_PATH = "/api/archives/";
/** How long a download can be fetched and resumed after it was asked for. */
export const DOWNLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How long one archive link works: enough to resume a long download on a slow line. */
export const ARCHIVE_LINK_MS = 6 * 60 * 60 * 1000;
/** Under FAT32's 4 GiB file limit, with room for the zip's own records. */
export const DEFAULT_PART_MAX_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;
export const EXPIRE_DOWNLOAD_JOB = "expireDownload";
/** The most files a download of chosen files names (`fileIds`). */
export const DOWNLOAD_FILES_MAX = 1000;
/**
 * The most downloads one account keeps at once, over all its teams: each holds its list of
 * entries until it expires (DOWNLOAD_TTL_MS). Asking for more waits for the oldest to expire;
 * the hourly rate limit (createDownload in api/auth/rate-limit.ts) binds long before a person
 * reaches it (docs/product.md#downloads).
 */
export const DOWNLOADS_KEPT_MAX = 60;
/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values. */
const INSERT_BATCH = 500;

export interface DownloadServiceOptions {
  db: Db;
  now: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  /** Signs archive links (the token signing key). */
  signingKey: string;
  /** The largest part, in archive bytes; a single larger file still gets a part of its own. */
  partMaxBytes?: number;
  /**
   * Throws the ApiError a drop link's gallery gives when the link no longer opens it (ADR 100):
   * a zip asked for through a link is served only while the link would still show its gallery.
   */
  requireDropLinkGallery: (dropLinkId: string) => Promise<void>;
}

export interface DownloadRequest {
  collectionId: string;
  /** A folder inside the archive that holds every file; none when absent or blank. */
  filesPrefix?: string | undefined;
  /** Only these files (a selection on the files screen); every ready file when absent. */
  fileIds?: string[] | undefined;
}

export interface DownloadPart {
  partId: number;
  /** The archive's exact length in bytes. */
  size: number;
  fileCount: number;
}

/** A part's archive, ready to stream. */
export interface Archive {
  download: DownloadRow;
  /** Whose plan the bytes count toward: the team owner's. */
  ownerId: string;
  partId: number;
  totalParts: number;
  layout: ZipLayout;
  /** Opens a range of entry `index`'s bytes from the blob store. */
  open(index: number, start: number, end: number): Promise<Readable>;
}

/** The caller's user id: a download belongs to the user, whatever their membership becomes. */
function callerOf(access: TeamAccess): string {
  const userId = access.member.user_id;
  if (userId === null) throw new ApiError("forbidden", "Only a member with an account downloads");
  return userId;
}

const invalidDownload = () =>
  new ApiError("invalidDownload", "There is no such download for you in this team", 404);

/** Groups entries into parts whose archives stay within `maxBytes`, in order. */
export function splitIntoParts<T extends ZipEntry>(entries: readonly T[], maxBytes: number): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let sizer = new ZipSizer();
  for (const entry of entries) {
    if (current.length > 0 && sizer.sizeWith(entry) > maxBytes) {
      parts.push(current);
      current = [];
      sizer = new ZipSizer();
    }
    current.push(entry);
    sizer.add(entry);
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

export function createDownloadService(options: DownloadServiceOptions) {
  const { db, now, blobs, jobs, signingKey, requireDropLinkGallery } = options;
  const partMaxBytes = options.partMaxBytes ?? DEFAULT_PART_MAX_BYTES;

  function sign(downloadId: string, partId: number, expires: number) {
    const payload = ["raccolta-archive-v1", downloadId, String(partId), String(expires)];
    return createHmac("sha256", signingKey).update(payload.join("\n")).digest("base64url");
  }

  /**
   * The caller's own download in this team, not expired (read download: every role but the
   * uploader); anything else is invalidDownload.
   */
  async function findOwn(access: TeamAccess, downloadId: string): Promise<DownloadRow> {
    if (!can(access.member.role, "read", "download")) {
      throw new ApiError("forbidden", "Your role cannot read downloads");
    }
    const row = await db
      .selectFrom("downloads")
      .selectAll()
      .where("download_id", "=", downloadId)
      .where("team_id", "=", access.team.team_id)
      .where("requested_by", "=", callerOf(access))
      .executeTakeFirst();
    if (!row || row.expires_at <= now()) throw invalidDownload();
    return row;
  }

  /** The download's parts with their archives' sizes; only part `only` when given. */
  async function parts(download: DownloadRow, only?: number): Promise<DownloadPart[]> {
    let query = db
      .selectFrom("download_entries")
      .select(["part", "entry_name", "size", "crc32", "modified_at"])
      .where("download_id", "=", download.download_id);
    if (only !== undefined) query = query.where("part", "=", only);
    const rows = await query.orderBy("part").orderBy("position").execute();
    const byPart = new Map<number, ZipEntry[]>();
    for (const row of rows) {
      const list = byPart.get(row.part) ?? [];
      list.push(zipEntryOf(row));
      byPart.set(row.part, list);
    }
    const partIds =
      only === undefined
        ? Array.from({ length: download.total_parts }, (_, index) => index + 1)
        : [only];
    return partIds.map((partId) => {
      const entries = byPart.get(partId) ?? [];
      return { partId, size: layoutZip(entries).size, fileCount: entries.length };
    });
  }

  function requirePart(download: DownloadRow, partId: number) {
    if (!Number.isSafeInteger(partId) || partId < 1 || partId > download.total_parts) {
      throw new ApiError("invalidDownload", "This download has no such part", 404);
    }
  }

  /**
   * A link is the asker's for its hours only while the asker may still download the collection
   * (ADR 085): removed, disabled or left, or the collection gone, the link is invalidDownload;
   * a role that no longer downloads, or a collection no longer shared with them, is forbidden.
   */
  async function requireStillAllowed(download: DownloadRow) {
    const row = await db
      .selectFrom("members")
      .leftJoin("collections", (join) =>
        join
          .onRef("collections.team_id", "=", "members.team_id")
          .on("collections.collection_id", "=", download.collection_id),
      )
      .select([
        "members.member_id",
        "members.role",
        "members.status",
        "collections.mode",
        "collections.created_by",
        "collections.deleted_at",
      ])
      .where("members.team_id", "=", download.team_id)
      .where("members.user_id", "=", download.requested_by)
      .executeTakeFirst();
    // The collection deleted since: the download went with it.
    if (!row || !hasTeamAccess(row.status) || row.mode === null || row.created_by === null) {
      throw invalidDownload();
    }
    // The collection in the trash: its downloads stop with it (ADR 092).
    if (row.deleted_at !== null) throw invalidDownload();
    const actor = { userId: row.member_id, role: row.role };
    if (
      !canDownloadCollection(actor.role) ||
      !can(actor.role, "read", "download") ||
      !canSeeCollection(actor, { mode: row.mode, createdBy: row.created_by })
    ) {
      throw new ApiError("forbidden", "This link's download is no longer yours to fetch");
    }
  }

  /** The signed link to one part's archive, valid ARCHIVE_LINK_MS and never past the download. */
  function link(download: DownloadRow, partId: number) {
    const expires = Math.min(now() + ARCHIVE_LINK_MS, download.expires_at);
    const query = new URLSearchParams({
      expires: String(expires),
      signature: sign(download.download_id, partId, expires),
    });
    return `${ARCHIVE_PATH}${download.download_id}/${partId}?${query}`;
  }

  /**
   * Fixes a download's archive: its entries, split into parts, under the asker's name, with the
   * job that removes it and its activity entry. `keptMax` holds the asker to DOWNLOADS_KEPT_MAX.
   */
  async function fix(request: {
    teamId: string;
    collection: { collection_id: string; name: string };
    requestedBy: string;
    /** The drop link a guest asked through; null for a member's own zip. */
    dropLinkId: string | null;
    keptMax: boolean;
    files: {
      file_id: string;
      name: string;
      blob_key: string | null;
      size: number;
      crc32: number | null;
      ref_date: number;
    }[];
    filesPrefix: string | undefined;
    activity: {
      actorId: string | null;
      detail: Record<string, string | number | boolean | null>;
    };
  }) {
    const { collection, files } = request;
    const names = entryPaths(
      files.map((file) => file.name),
      request.filesPrefix,
    );
    const entries = files.map((file, index) => ({
      fileId: file.file_id,
      blobKey: file.blob_key as string,
      name: names[index] as string,
      size: Number(file.size),
      crc32: Number(file.crc32),
      modifiedAt: Number(file.ref_date),
    }));
    const split = splitIntoParts(entries, partMaxBytes);
    const downloadId = randomUUID();
    const at = now();
    const expiresAt = at + DOWNLOAD_TTL_MS;
    const caller = request.requestedBy;
    await db.transaction().execute(async (trx) => {
      // One account's asks take turns on its row, so the count below holds until the insert:
      // parallel asks never keep more than DOWNLOADS_KEPT_MAX.
      await takeUserTurn(trx, caller);
      if (request.keptMax) {
        const kept = await trx
          .selectFrom("downloads")
          .select((eb) => [eb.fn.countAll().as("count"), eb.fn.min("expires_at").as("first")])
          .where("requested_by", "=", caller)
          .where("expires_at", ">", at)
          .executeTakeFirstOrThrow();
        if (Number(kept.count) >= DOWNLOADS_KEPT_MAX) {
          const seconds = Math.max(1, Math.ceil((Number(kept.first) - at) / 1000));
          const hours = Math.ceil(seconds / 3600);
          throw new ApiError(
            "tooManyRequests",
            `You already have ${DOWNLOADS_KEPT_MAX} downloads kept; the oldest expires in ${hours} hour${hours > 1 ? "s" : ""}`,
            429,
            { "Retry-After": String(seconds) },
          );
        }
      }
      await trx
        .insertInto("downloads")
        .values({
          download_id: downloadId,
          team_id: request.teamId,
          collection_id: collection.collection_id,
          requested_by: caller,
          archive_name: collection.name,
          status: "ready",
          total_parts: split.length,
          created_at: at,
          expires_at: expiresAt,
          drop_link_id: request.dropLinkId,
        })
        .execute();
      const rows = split.flatMap((part, partIndex) =>
        part.map((entry, position) => ({
          download_id: downloadId,
          part: partIndex + 1,
          position,
          file_id: entry.fileId,
          blob_key: entry.blobKey,
          entry_name: entry.name,
          size: entry.size,
          crc32: entry.crc32,
          modified_at: entry.modifiedAt,
        })),
      );
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await trx
          .insertInto("download_entries")
          .values(rows.slice(start, start + INSERT_BATCH))
          .execute();
      }
      await jobs.enqueue(EXPIRE_DOWNLOAD_JOB, { downloadId }, { db: trx, runAt: expiresAt });
      await recordActivity(trx, {
        teamId: request.teamId,
        actorId: request.activity.actorId,
        kind: "collectionDownloaded",
        targetType: "collection",
        targetId: collection.collection_id,
        targetName: collection.name,
        detail: request.activity.detail,
        at,
      });
    });
    return downloadId;
  }

  return {
    /**
     * Asks for a collection's zip (create download: owner, admin, upviewer, viewer). It holds
     * exactly the files the caller may read that are ready (their CRC-32 is known), newest first
     * as the files screen lists them. With `fileIds`, only those: each must be one of them,
     * or the whole request is notFound (a file the caller may not see is not told apart from
     * one that does not exist).
     */
    async create(access: TeamAccess, request: DownloadRequest) {
      const actor = actorOf(access);
      if (!canDownloadCollection(actor.role)) {
        throw new ApiError("forbidden", "Your role cannot download collections");
      }
      const collection = await requireVisibleCollection(db, access, request.collectionId);
      let query = db
        .selectFrom("files")
        .select(["file_id", "name", "blob_key", "size", "crc32", "ref_date"])
        .where("collection_id", "=", collection.collection_id)
        .where("status", "=", "ready")
        .where("deleted_at", "is", null)
        .where("review_state", "is", null)
        .where("blob_key", "is not", null)
        .where("crc32", "is not", null);
      if (!canSeeAllCollections(actor.role)) query = query.where("uploaded_by", "=", actor.userId);
      const chosen = request.fileIds && [...new Set(request.fileIds)];
      if (chosen) query = query.where("file_id", "in", chosen);
      const files = await query.orderBy("ref_date", "desc").orderBy("file_id", "desc").execute();
      if (chosen && files.length !== chosen.length) {
        throw new ApiError(
          "notFound",
          "A chosen file is not a ready file of this collection that you may read",
          404,
        );
      }

      const downloadId = await fix({
        teamId: access.team.team_id,
        collection,
        requestedBy: callerOf(access),
        dropLinkId: null,
        keptMax: true,
        files,
        filesPrefix: request.filesPrefix,
        activity: {
          actorId: actor.userId,
          detail: { files: files.length, ...(chosen && { chosen: true }) },
        },
      });
      return { requestId: downloadId };
    },

    /**
     * A collection's zip asked for on a member's behalf, by someone who is not one: a drop
     * link's guest (ADR 100). It holds the collection's ready files out of the trash that no
     * review holds, newest first, and is fetched, counted and stopped exactly as the member's
     * own zip would be (the member's right to download the collection is checked on every
     * fetch). It does not use the member's DOWNLOADS_KEPT_MAX: the caller limits the asks.
     * Answers the signed link of every part.
     */
    async createOnBehalf(request: {
      teamId: string;
      collectionId: string;
      /** The member it is made as: their id in the team. */
      memberId: string;
      /** The drop link the guest asked through: the zip is served only while it shows its gallery. */
      dropLinkId: string;
      /** What the activity entry says of who asked (no actor: not a member). */
      detail: Record<string, string | number | boolean | null>;
    }) {
      const member = await db
        .selectFrom("members")
        .innerJoin("collections", (join) =>
          join
            .onRef("collections.team_id", "=", "members.team_id")
            .on("collections.collection_id", "=", request.collectionId),
        )
        .select([
          "members.user_id",
          "members.status",
          "collections.collection_id",
          "collections.name",
        ])
        .where("members.team_id", "=", request.teamId)
        .where("members.member_id", "=", request.memberId)
        .where("collections.deleted_at", "is", null)
        .executeTakeFirst();
      if (!member || member.user_id === null || !hasTeamAccess(member.status)) {
        throw new ApiError("notFound", "There is no such collection", 404);
      }
      const files = await db
        .selectFrom("files")
        .select(["file_id", "name", "blob_key", "size", "crc32", "ref_date"])
        .where("collection_id", "=", member.collection_id)
        .where("status", "=", "ready")
        .where("deleted_at", "is", null)
        .where("review_state", "is", null)
        .where("blob_key", "is not", null)
        .where("crc32", "is not", null)
        .orderBy("ref_date", "desc")
        .orderBy("file_id", "desc")
        .execute();
      const downloadId = await fix({
        teamId: request.teamId,
        collection: member,
        requestedBy: member.user_id,
        dropLinkId: request.dropLinkId,
        keptMax: false,
        files,
        filesPrefix: undefined,
        activity: { actorId: null, detail: { files: files.length, ...request.detail } },
      });
      const download = await db
        .selectFrom("downloads")
        .selectAll()
        .where("download_id", "=", downloadId)
        .executeTakeFirstOrThrow();
      const all = await parts(download);
      return {
        requestId: downloadId,
        name: download.archive_name,
        parts: all.map((part) => ({ ...part, url: link(download, part.partId) })),
        size: all.reduce((sum, part) => sum + part.size, 0),
        expiresAt: download.expires_at,
      };
    },

    /** The caller's download: its status and parts. */
    async get(access: TeamAccess, downloadId: string) {
      const download = await findOwn(access, downloadId);
      return {
        requestId: download.download_id,
        collectionId: download.collection_id,
        name: download.archive_name,
        status: download.status,
        totalParts: download.total_parts,
        parts: await parts(download),
        createdAt: download.created_at,
        expiresAt: download.expires_at,
      };
    },

    /** One part: its size, how many files, and a signed link to its archive. */
    async part(access: TeamAccess, downloadId: string, partId: number) {
      const download = await findOwn(access, downloadId);
      requirePart(download, partId);
      const [part] = (await parts(download, partId)) as [DownloadPart];
      return { ...part, url: link(download, partId) };
    },

    /** The signed link to the first part (the whole archive when it has one part). */
    async link(access: TeamAccess, downloadId: string) {
      const download = await findOwn(access, downloadId);
      const [first] = await parts(download, 1);
      return {
        url: link(download, 1),
        totalParts: download.total_parts,
        size: first?.size ?? 0,
      };
    },

    /**
     * The archive a signed link names, or an ApiError: forbidden for a link that was changed,
     * expiredToken for one past its time, invalidDownload when the download is gone, and for a
     * guest's zip whatever its drop link's gallery now answers (notFound, dropLinkRevoked).
     */
    async archive(downloadId: string, partId: number, expires: string, signature: string) {
      const expiresAt = /^\d{1,16}$/.test(expires) ? Number(expires) : Number.NaN;
      const expected = Buffer.from(sign(downloadId, partId, expiresAt));
      const given = Buffer.from(signature);
      if (
        !Number.isSafeInteger(expiresAt) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        throw new ApiError("forbidden", "This link is not valid");
      }
      if (now() > expiresAt) throw new ApiError("expiredToken", "This link has expired");
      const found = await db
        .selectFrom("downloads")
        .innerJoin("teams", "teams.team_id", "downloads.team_id")
        .selectAll("downloads")
        .select("teams.owner_id")
        .where("download_id", "=", downloadId)
        // A deleted team's zips stop with it (ADR 094).
        .where("teams.deleted_at", "is", null)
        .executeTakeFirst();
      if (!found || found.expires_at <= now()) throw invalidDownload();
      const { owner_id: ownerId, ...download } = found;
      await requireStillAllowed(download);
      // A guest's zip stops with its link's gallery, on every instance at once (ADR 100).
      if (download.drop_link_id !== null) await requireDropLinkGallery(download.drop_link_id);
      requirePart(download, partId);
      const rows = await db
        .selectFrom("download_entries")
        .selectAll()
        .where("download_id", "=", downloadId)
        .where("part", "=", partId)
        .orderBy("position")
        .execute();
      // A file of the part deleted since it was asked for (in the trash or gone): the archive
      // would hold it, or break where its bytes are missing, so none is served (ADR 092).
      const deleted = await db
        .selectFrom("download_entries")
        .leftJoin("files", "files.file_id", "download_entries.file_id")
        .select("download_entries.file_id")
        .where("download_entries.download_id", "=", downloadId)
        .where("download_entries.part", "=", partId)
        .where((eb) =>
          eb.or([eb("files.file_id", "is", null), eb("files.deleted_at", "is not", null)]),
        )
        .limit(1)
        .executeTakeFirst();
      if (deleted) throw invalidDownload();
      const archive: Archive = {
        download,
        ownerId,
        partId,
        totalParts: download.total_parts,
        layout: layoutZip(rows.map(zipEntryOf)),
        async open(index, start, end) {
          const row = rows[index] as DownloadEntryRow;
          const blob = await blobs.get(row.blob_key, { start, end });
          if (!blob) throw new Error(`The bytes of file ${row.file_id} are gone`);
          return blob.body;
        },
      };
      return archive;
    },

    /** Removes an expired download (the job EXPIRE_DOWNLOAD_JOB runs at its expiry). */
    async expire(downloadId: string) {
      await db
        .deleteFrom("downloads")
        .where("download_id", "=", downloadId)
        .where("expires_at", "<=", now())
        .execute();
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;

function zipEntryOf(row: Pick<DownloadEntryRow, "entry_name" | "size" | "crc32" | "modified_at">) {
  return {
    name: row.entry_name,
    size: Number(row.size),
    crc32: Number(row.crc32),
    modifiedAt: Number(row.modified_at),
  };
}

/** Registers the job that removes a download when it expires. */
export function registerDownloadJobs(queue: JobQueue, downloads: DownloadService) {
  queue.register<{ downloadId: string }>(EXPIRE_DOWNLOAD_JOB, {
    run: ({ downloadId }) => downloads.expire(downloadId),
  });
}
