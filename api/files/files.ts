import { z } from "@hono/zod-openapi";
import type { Logger } from "pino";
import { requireVisibleCollection } from "#api/access/collections.ts";
import type { TeamAccess } from "#api/access/teams.ts";
import { actorOf } from "#api/access/teams.ts";
import type { Clock } from "#api/clock.ts";
import { shapedQuery } from "#api/db/fixed-query.ts";
import { type Db, FILE_STATUSES, type FileRow, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { ApiError } from "#api/http/errors.ts";
import { keysetPage, type ListPageValues, listPageValues } from "#api/http/keyset.ts";
import { memberReferenceSchema, signedLinkDescription } from "#api/http/schemas.ts";
import { BLOB_URL_PATH, type BlobStore } from "#api/storage/index.ts";
import { IMAGE_CONTENT_TYPES } from "#domain/constants.ts";
import {
  type Actor,
  canDeleteFile,
  canDownloadFile,
  canRenameFile,
  canSeeAllCollections,
  ROLES,
  type Role,
} from "#domain/roles.ts";
import type { FileChanges } from "./file-patch.ts";

// Files of collections (spec sections 3, 6, 7): lists of a collection, of a team and of the
// caller across teams, one file (which the caller has then read), renaming, deleting, and
// signed links to the bytes. Every list and read obeys the visibility rule: an uploader sees
// only the files it uploaded, in collections it may see; the other roles see every file. Only
// files whose bytes have all arrived (processing, ready) exist for readers.

/** The File of the spec (section 3) plus size, status and dates, as the caller sees it. */
export const FileSchema = z
  .object({
    fileId: z.string(),
    teamId: z.string(),
    collectionId: z.string(),
    name: z.string().describe("The current name: 2 to 50 characters"),
    originalName: z.string().describe("The name it was uploaded with; renames leave it"),
    contentType: z.string().describe("Sniffed from the bytes"),
    size: z.number().int().describe("Bytes"),
    status: z.enum(FILE_STATUSES).openapi({
      description: "Lists and reads show only processing (thumbnails pending) and ready files",
    }),
    thumbnailUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "Signed inline link to a small webp, valid 1 hour; null when there is none",
        ),
      }),
    previewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "Signed inline link to a webp about 1600 px, valid 1 hour; null when none",
        ),
      }),
    uploadedBy: z.string().openapi({ description: "The uploader's user id" }),
    uploader: memberReferenceSchema("The uploader as a member of the team; null once removed"),
    createdAt: z.number().int().openapi({ description: "Epoch ms of the upload" }),
    updatedAt: z.number().int().openapi({ description: "Epoch ms of the last update" }),
    refDate: z.number().int().openapi({
      description: "What lists sort by (epoch ms): the EXIF capture date, else the upload",
    }),
    readAt: z.number().int().nullable().openapi({
      description: "When the caller last opened it (epoch ms); null if never or before updatedAt",
    }),
  })
  .openapi("File");
export type File = z.infer<typeof FileSchema>;

export const FILE_SORTS = ["refDate:desc", "refDate:asc"] as const;
export type FileSort = (typeof FILE_SORTS)[number];
/** The most files one page holds. */
export const FILE_PAGE_MAX = 100;

export const FILE_VARIANTS = ["original", "thumbnail", "preview"] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];
export const FILE_DISPOSITIONS = ["attachment", "inline"] as const;
export type FileDisposition = (typeof FILE_DISPOSITIONS)[number];

/** How long a content link works: long enough to start a download, too short to pass around. */
export const CONTENT_LINK_SECONDS = 5 * 60;
/** How long the thumbnail and preview links of a file's JSON work. */
export const IMAGE_LINK_SECONDS = 60 * 60;
/** Image links made within one such window are the same URL (so browsers cache them). */
const IMAGE_LINK_WINDOW_MS = 30 * 60_000;
/** At most this many image links are kept signed (a few MB). */
const IMAGE_LINK_CACHE_MAX = 20_000;

/** Where a file's bytes and derivatives are kept in the blob store. */
export function fileBlobKey(teamId: string, fileId: string, variant: FileVariant) {
  return `teams/${teamId}/files/${fileId}/${variant}`;
}

/** Which files a list holds and in what order, besides the caller's visibility. */
export interface FileFilters {
  creator?: string;
  from?: number;
  to?: number;
  sort: FileSort;
}

export interface FileListQuery extends FileFilters {
  lastKey?: string;
  limit: number;
}

/** The files listed right before and right after one, under the same filters and order. */
export interface FileNeighbours {
  previousId: string | null;
  nextId: string | null;
}

export interface FilePage {
  pagination: { lastKey: string | null };
  files: File[];
}

export interface ContentLinkRequest {
  variant: FileVariant;
  disposition: FileDisposition;
}

const notFoundFile = () => new ApiError("notFound", "No such file in this collection");

/** Roles that see every file of their team; the uploader sees only its own. */
const SEE_ALL_ROLES = ROLES.filter(canSeeAllCollections);

/** Raster types a browser shows without running anything; the only ones served inline. */
const INLINE_TYPES: readonly string[] = IMAGE_CONTENT_TYPES;

/** Lone UTF-16 surrogates, which no encoding can carry. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The longest name a Content-Disposition carries, in characters. */
const DISPOSITION_NAME_MAX = 100;

/**
 * An RFC 6266 Content-Disposition: an ASCII fallback in `filename` for old clients and the
 * exact name, UTF-8 and percent-encoded (RFC 8187), in `filename*`. All printable ASCII.
 */
export function contentDisposition(type: FileDisposition, name: string): string {
  const clean = [...name.replace(LONE_SURROGATE, "\ufffd")].slice(0, DISPOSITION_NAME_MAX).join("");
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The name a variant downloads as: the file's name, or the same with `.webp` for derivatives. */
function variantName(name: string, variant: FileVariant) {
  if (variant === "original") return name;
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.webp`;
}

/** Which files a list covers, besides the caller's visibility. */
type Scope =
  | { kind: "collection"; actor: Actor; teamId: string; collectionId: string }
  | { kind: "team"; actor: Actor; teamId: string }
  | { kind: "mine"; userId: string };

export interface FileServiceOptions {
  db: Db;
  now: Clock;
  blobs: BlobStore;
  /** Where blobs that could not be removed are reported. */
  logger?: Logger;
  /** Counts originals' bytes toward the team owner's plan; none counted when absent. */
  traffic?: Traffic;
}

export function createFileService({ db, now, blobs, logger, traffic }: FileServiceOptions) {
  /**
   * The columns a file is answered from (toFile); findVisible adds the blob's key. With every
   * column, a list of 20 made SQLite build keys of 100 characters it never answered, and the
   * page's garbage grew with them (issue 14's profile).
   */
  const FILE_COLUMNS = [
    "files.file_id",
    "files.team_id",
    "files.collection_id",
    "files.name",
    "files.original_name",
    "files.content_type",
    "files.size",
    "files.status",
    "files.thumbnail_key",
    "files.preview_key",
    "files.uploaded_by",
    "files.created_at",
    "files.updated_at",
    "files.ref_date",
  ] as const;

  /** Visible files with their uploader's membership and the caller's read time. */
  function selectFiles(userId: string, from: Db = db) {
    return from
      .selectFrom("files")
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      .leftJoin("members as uploaders", (join) =>
        join
          .onRef("uploaders.team_id", "=", "files.team_id")
          .onRef("uploaders.member_id", "=", "files.uploaded_by"),
      )
      .leftJoin("users as uploader_users", "uploader_users.user_id", "uploaders.user_id")
      .leftJoin("file_reads as reads", (join) =>
        join.onRef("reads.file_id", "=", "files.file_id").on("reads.user_id", "=", userId),
      )
      .select(FILE_COLUMNS)
      .select([
        "uploaders.nickname as uploader_nickname",
        "uploaders.member_id as uploader_member_id",
        "uploader_users.avatar_url as uploader_avatar_url",
        "reads.read_at as read_at",
      ])
      .where("files.status", "in", VISIBLE_FILE_STATUSES);
  }
  type Row = Pick<FileRow, (typeof FILE_COLUMNS)[number] extends `files.${infer C}` ? C : never> & {
    uploader_nickname: string | null;
    uploader_member_id: string | null;
    uploader_avatar_url: string | null;
    read_at: number | null;
  };

  /**
   * A signed GET link: the disk store's is a path on this site, which works from whatever address
   * the visitor used (ADR 024); the S3 store's is an absolute link to the bucket.
   */
  function link(
    key: string,
    disposition: string | undefined,
    expiresInSeconds: number,
    issuedAt?: number,
  ) {
    return blobs.signedUrl(key, { expiresInSeconds, contentDisposition: disposition, issuedAt });
  }

  /**
   * The image links signed in the current window, by key and disposition: the same for every
   * answer until the window turns, so a list of twenty files no longer asks the store to sign
   * twenty links each time (3 % of a files page's server time, issue 14's profile). Emptied when
   * the window turns, or when it holds IMAGE_LINK_CACHE_MAX.
   */
  const imageLinks = { issuedAt: 0, urls: new Map<string, string>() };

  /**
   * A thumbnail's or preview's link: issued at the start of the current window, so every list
   * answered in that window gives the same URL and browsers reuse what they have cached; it
   * still works for at least IMAGE_LINK_SECONDS after the answer.
   */
  async function imageLink(key: string | null, name: string, variant: FileVariant) {
    if (key === null) return null;
    const issuedAt = Math.floor(Date.now() / IMAGE_LINK_WINDOW_MS) * IMAGE_LINK_WINDOW_MS;
    if (imageLinks.issuedAt !== issuedAt || imageLinks.urls.size >= IMAGE_LINK_CACHE_MAX) {
      imageLinks.issuedAt = issuedAt;
      imageLinks.urls.clear();
    }
    // A thumbnail is only ever drawn in a list, where a file name would be 100 bytes more per
    // row, twice (the page and its data); a preview, opened on its own, keeps its name.
    const named = variant !== "thumbnail";
    const cacheKey = named ? `${key}\n${name}` : key;
    const cached = imageLinks.urls.get(cacheKey);
    if (cached !== undefined) return cached;
    const disposition = named
      ? contentDisposition("inline", variantName(name, variant))
      : undefined;
    const url = await link(
      key,
      disposition,
      IMAGE_LINK_SECONDS + IMAGE_LINK_WINDOW_MS / 1000,
      issuedAt,
    );
    if (imageLinks.issuedAt === issuedAt) imageLinks.urls.set(cacheKey, url);
    return url;
  }

  async function toFile(row: Row): Promise<File> {
    const readAt = row.read_at === null ? null : Number(row.read_at);
    return {
      fileId: row.file_id,
      teamId: row.team_id,
      collectionId: row.collection_id,
      name: row.name,
      originalName: row.original_name,
      contentType: row.content_type,
      size: Number(row.size),
      status: row.status,
      thumbnailUrl: await imageLink(row.thumbnail_key, row.name, "thumbnail"),
      previewUrl: await imageLink(row.preview_key, row.name, "preview"),
      uploadedBy: row.uploaded_by,
      uploader:
        row.uploader_member_id === null || row.uploader_nickname === null
          ? null
          : {
              userId: row.uploader_member_id,
              nickname: row.uploader_nickname,
              avatarUrl: row.uploader_avatar_url,
            },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      refDate: row.ref_date,
      // Read before the last update is unread again.
      readAt: readAt === null || readAt < row.updated_at ? null : readAt,
    };
  }

  /** A collection of the team the caller may see, or notFound. */
  function requireCollection(access: TeamAccess, collectionId: string) {
    return requireVisibleCollection(db, access, collectionId);
  }

  /**
   * One file the caller may see, or notFound: a missing collection or file, a collection the
   * caller may not see, and another member's file for an uploader all answer alike.
   */
  async function findVisible(access: TeamAccess, collectionId: string, fileId: string) {
    await requireCollection(access, collectionId);
    const actor = actorOf(access);
    const row: (Row & { blob_key: string | null }) | undefined = await selectFiles(actor.userId)
      .select("files.blob_key")
      .where("files.team_id", "=", access.team.team_id)
      .where("files.collection_id", "=", collectionId)
      .where("files.file_id", "=", fileId)
      .executeTakeFirst();
    if (!row || (!canSeeAllCollections(actor.role) && row.uploaded_by !== actor.userId)) {
      throw notFoundFile();
    }
    return { row, actor };
  }

  /** The files of a scope the caller may see, narrowed by the filters; not yet ordered. */
  function listed(
    scope: Scope,
    filters: Pick<FileFilters, "creator" | "from" | "to">,
    from: Db = db,
  ) {
    const userId = scope.kind === "mine" ? scope.userId : scope.actor.userId;
    let select = selectFiles(userId, from);
    if (scope.kind === "mine") {
      // Every team the caller is an active member of, each with that team's visibility.
      select = select
        .innerJoin("members as callers", (join) =>
          join.onRef("callers.team_id", "=", "files.team_id").on("callers.user_id", "=", userId),
        )
        .where("callers.status", "=", "active")
        .where((eb) =>
          eb.or([
            eb("callers.role", "in", SEE_ALL_ROLES),
            eb.and([
              eb("files.uploaded_by", "=", eb.ref("callers.member_id")),
              eb.or([
                eb("collections.mode", "=", "collaborative"),
                eb("collections.created_by", "=", eb.ref("callers.member_id")),
              ]),
            ]),
          ]),
        );
    } else {
      if (scope.kind === "collection") {
        // The team is checked on the collection, not on the files (ADR 042): with
        // `files.team_id` in the query, SQLite walked the team's index (team, date), skipping
        // other collections' files one by one. Beside a 20,000-file collection, page 1 of a
        // small one took 12.2 ms rather than 2.8 (bench/file-pages.ts).
        select = select
          .where("collections.team_id", "=", scope.teamId)
          .where("files.collection_id", "=", scope.collectionId);
      } else {
        select = select.where("files.team_id", "=", scope.teamId);
      }
      if (!canSeeAllCollections(scope.actor.role)) {
        select = select.where("files.uploaded_by", "=", userId);
        if (scope.kind === "team") {
          select = select.where((eb) =>
            eb.or([
              eb("collections.mode", "=", "collaborative"),
              eb("collections.created_by", "=", userId),
            ]),
          );
        }
      }
    }
    if (filters.creator !== undefined) {
      select = select.where("files.uploaded_by", "=", filters.creator);
    }
    if (filters.from !== undefined) select = select.where("files.ref_date", ">=", filters.from);
    if (filters.to !== undefined) select = select.where("files.ref_date", "<=", filters.to);
    return select;
  }

  /**
   * The files of `select` past a position in `direction`, in that order: a row-value
   * comparison on (ref_date, file_id), which SQLite and PostgreSQL both answer from the index
   * as one range; the equivalent OR of two conditions made page 500 of 20,000 files 1.8 times
   * slower than page 1 on SQLite (bench/file-pages.ts). Without a position, from the start.
   */
  function inOrder(
    select: ReturnType<typeof listed>,
    direction: "asc" | "desc",
    past?: { sortKey: number; id: string },
  ) {
    let ordered = select;
    if (past) {
      ordered = ordered.where((eb) =>
        eb(
          eb.refTuple("files.ref_date", "files.file_id"),
          direction === "asc" ? ">" : "<",
          eb.tuple(past.sortKey, past.id),
        ),
      );
    }
    return ordered.orderBy("files.ref_date", direction).orderBy("files.file_id", direction);
  }

  const directionOf = (sort: FileSort) => (sort === "refDate:asc" ? "asc" : "desc");

  /**
   * `list`'s query, compiled once for each shape (ADR 056): the scope's kind, the caller's role,
   * the order, and which filters and position are given. The ids, the filters, the position and
   * the limit are its values.
   */
  const filePage = shapedQuery(
    (
      from: Db,
      shape:
        | { kind: "mine"; direction: "asc" | "desc" }
        | { kind: "team" | "collection"; role: Role; direction: "asc" | "desc" },
      values: ListPageValues & { collectionId?: string },
    ) => {
      const { userId, teamId = "", collectionId = "" } = values;
      const scope: Scope =
        shape.kind === "mine"
          ? { kind: "mine", userId }
          : shape.kind === "team"
            ? { kind: "team", actor: { userId, role: shape.role }, teamId }
            : { kind: "collection", actor: { userId, role: shape.role }, teamId, collectionId };
      const after =
        values.afterSortKey === undefined
          ? undefined
          : { sortKey: values.afterSortKey, id: values.afterId ?? "" };
      return inOrder(listed(scope, values, from), shape.direction, after).limit(values.limit);
    },
  );

  async function list(scope: Scope, query: FileListQuery): Promise<FilePage> {
    const rows: Row[] = await filePage(
      db,
      scope.kind === "mine"
        ? { kind: "mine", direction: directionOf(query.sort) }
        : { kind: scope.kind, role: scope.actor.role, direction: directionOf(query.sort) },
      {
        userId: scope.kind === "mine" ? scope.userId : scope.actor.userId,
        teamId: scope.kind === "mine" ? undefined : scope.teamId,
        collectionId: scope.kind === "collection" ? scope.collectionId : undefined,
        ...listPageValues(query),
      },
    );
    const { page, lastKey } = keysetPage(rows, query.limit, (row) => [row.ref_date, row.file_id]);
    return { pagination: { lastKey }, files: await Promise.all(page.map(toFile)) };
  }

  async function removeBlobs(keys: Set<string>) {
    const results = await Promise.allSettled([...keys].map((key) => blobs.delete(key)));
    for (const result of results) {
      if (result.status === "rejected") {
        logger?.warn({ err: result.reason }, "A deleted file's blob could not be removed");
      }
    }
  }

  return {
    /** A page of one collection's files the caller may see. */
    async listCollection(access: TeamAccess, collectionId: string, query: FileListQuery) {
      await requireCollection(access, collectionId);
      const scope = {
        kind: "collection",
        actor: actorOf(access),
        teamId: access.team.team_id,
        collectionId,
      } as const;
      return list(scope, query);
    },

    /** A page of the team's files the caller may see, across its collections. */
    listTeam(access: TeamAccess, query: FileListQuery) {
      return list({ kind: "team", actor: actorOf(access), teamId: access.team.team_id }, query);
    },

    /** A page of the files the caller may see across all teams they are active in. */
    listMine(userId: string, query: FileListQuery) {
      return list({ kind: "mine", userId }, query);
    },

    /**
     * The files listed right before and right after one in its collection's list under the
     * same filters and order (null at either end), without reading it. The file itself need
     * not pass the filters: its place in the order is enough.
     */
    async neighbours(
      access: TeamAccess,
      collectionId: string,
      fileId: string,
      filters: FileFilters,
    ): Promise<FileNeighbours> {
      const { row, actor } = await findVisible(access, collectionId, fileId);
      const scope = {
        kind: "collection",
        actor,
        teamId: access.team.team_id,
        collectionId,
      } as const;
      const position = { sortKey: row.ref_date, id: row.file_id };
      const forward = directionOf(filters.sort);
      const nearest = async (direction: "asc" | "desc") => {
        const found = await inOrder(listed(scope, filters), direction, position)
          .clearSelect()
          .select("files.file_id")
          .limit(1)
          .executeTakeFirst();
        return found?.file_id ?? null;
      };
      const [previousId, nextId] = await Promise.all([
        nearest(forward === "asc" ? "desc" : "asc"),
        nearest(forward),
      ]);
      return { previousId, nextId };
    },

    /** One file, which the caller has now read. */
    async read(access: TeamAccess, collectionId: string, fileId: string): Promise<File> {
      const { row, actor } = await findVisible(access, collectionId, fileId);
      const at = now();
      await db
        .insertInto("file_reads")
        .values({ file_id: row.file_id, user_id: actor.userId, read_at: at })
        .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet({ read_at: at }))
        .execute();
      return toFile({ ...row, read_at: at });
    },

    /** Renames a file: update any file, or update own file on one the caller uploaded. */
    async update(
      access: TeamAccess,
      collectionId: string,
      fileId: string,
      changes: FileChanges,
    ): Promise<File> {
      const { row, actor } = await findVisible(access, collectionId, fileId);
      if (!canRenameFile(actor, { uploadedBy: row.uploaded_by })) {
        throw new ApiError("forbidden", "Your role cannot rename this file");
      }
      if (changes.name === undefined || changes.name === row.name) return toFile(row);
      const at = now();
      await db
        .updateTable("files")
        .set({
          name: changes.name,
          name_key: changes.name.toLowerCase(),
          updated_at: at,
          updated_by: actor.userId,
        })
        .where("file_id", "=", row.file_id)
        .execute();
      return toFile((await findVisible(access, collectionId, fileId)).row);
    },

    /**
     * Deletes a file (delete file: owner and admin): its row, its reads, then its bytes and
     * derivatives. Blobs that cannot be removed are logged, not an error: the file is gone.
     */
    async delete(access: TeamAccess, collectionId: string, fileId: string): Promise<void> {
      const { row, actor } = await findVisible(access, collectionId, fileId);
      if (!canDeleteFile(actor.role)) {
        throw new ApiError("forbidden", "Your role cannot delete files");
      }
      await db.deleteFrom("files").where("file_id", "=", row.file_id).execute();
      // The stored keys, and the usual ones in case processing was still writing derivatives.
      const keys = new Set(
        FILE_VARIANTS.map((variant) => fileBlobKey(row.team_id, row.file_id, variant)),
      );
      for (const key of [row.blob_key, row.thumbnail_key, row.preview_key]) {
        if (key !== null) keys.add(key);
      }
      await removeBlobs(keys);
    },

    /**
     * A signed GET link (5 minutes) to a file's bytes, thumbnail or preview. Inline only for
     * raster images and the webp derivatives; anything else downloads as an attachment, named
     * after the file's current name.
     */
    async contentLink(
      access: TeamAccess,
      collectionId: string,
      fileId: string,
      request: ContentLinkRequest,
    ): Promise<{ signedUrl: string }> {
      const { row, actor } = await findVisible(access, collectionId, fileId);
      if (
        request.variant === "original" &&
        !canDownloadFile(actor, { uploadedBy: row.uploaded_by })
      ) {
        throw new ApiError("forbidden", "Your role cannot download this file");
      }
      const key = {
        original: row.blob_key,
        thumbnail: row.thumbnail_key,
        preview: row.preview_key,
      }[request.variant];
      if (key === null) throw new ApiError("notFound", `This file has no ${request.variant}`);
      const inlineAllowed =
        request.variant !== "original" ||
        INLINE_TYPES.includes(row.content_type.split(";")[0]?.trim().toLowerCase() ?? "");
      const type = request.disposition === "inline" && inlineAllowed ? "inline" : "attachment";
      const disposition = contentDisposition(type, variantName(row.name, request.variant));
      const signedUrl = await link(key, disposition, CONTENT_LINK_SECONDS);
      if (request.variant === "original" && traffic) {
        const size = Number(row.size);
        await traffic.check(access.team.owner_id, size);
        // The disk store's links come back to /api/blobs, which counts the bytes it sends; a
        // bucket serves its own links, so the file is counted when its link is given (ADR 025).
        if (!signedUrl.startsWith(BLOB_URL_PATH)) traffic.charge(access.team.owner_id, size);
      }
      return { signedUrl };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
