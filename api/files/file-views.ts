import { z } from "@hono/zod-openapi";
import type { Logger } from "pino";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import type { Clock } from "#api/clock.ts";
import {
  type Db,
  FILE_STATUSES,
  type FileRow,
  NO_PREVIEW_REASONS,
  VISIBLE_FILE_STATUSES,
} from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { THUMBNAIL_LARGE_PX, THUMBNAIL_PX } from "#api/files/derivatives.ts";
import { contentDisposition } from "#api/http/content-disposition.ts";
import { ApiError } from "#api/http/errors.ts";
import { memberReferenceSchema, signedLinkDescription } from "#api/http/schemas.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { canSeeAllCollections } from "#domain/roles.ts";

// A file as readers get it (docs/product.md#entities, docs/product.md#visibility): the columns it
// is answered from, its uploader and the caller's read time, signed links to its images, and the
// one file a caller may see. Lists (file-lists.ts) and single-file operations (files.ts) build on
// these.

/** Where a file's preview stands, as the API answers it (docs/product.md#thumbnails). */
export const PREVIEW_STATUSES = ["pending", "ready", "none"] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** Who sent a guest's file (ADR 097). */
export const GuestAttributionSchema = z
  .object({
    name: z.string().nullable().openapi({ description: "The name the guest gave; null if none" }),
    linkId: z.string().openapi({ description: "The drop link the file came through" }),
    linkTitle: z.string().openapi({ description: "That link's title" }),
  })
  .openapi("GuestAttribution");
export type GuestAttribution = z.infer<typeof GuestAttributionSchema>;

/** The File of docs/product.md#entities plus size, status and dates, as the caller sees it. */
export const FileSchema = z
  .object({
    fileId: z.string(),
    teamId: z.string(),
    collectionId: z.string(),
    name: z.string().describe("The current name: 2 to 50 characters"),
    originalName: z.string().describe("The name it was uploaded with; renames leave it"),
    contentType: z.string().describe("Sniffed from the bytes"),
    size: z.number().int().describe("Bytes"),
    sha256: z
      .string()
      .nullable()
      .openapi({
        description:
          "The SHA-256 of its bytes in lowercase hex, once processing has read them; null before, " +
          "and for files stored before it was recorded (ADR 102)",
      }),
    status: z.enum(FILE_STATUSES).openapi({
      description: "Lists and reads show only processing (thumbnails pending) and ready files",
    }),
    previewStatus: z.enum(PREVIEW_STATUSES).openapi({
      description:
        "pending while the file is processed; ready when it has a thumbnail and preview; none " +
        "when it will have neither, with noPreviewReason saying why",
    }),
    noPreviewReason: z
      .enum(NO_PREVIEW_REASONS)
      .nullable()
      .openapi({ description: "Why previewStatus is none; null otherwise" }),
    width: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "An image's or video's width in pixels, upright; a PDF's first page's in points " +
          "(1/72 inch), as shown; null when unknown",
      }),
    height: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "An image's or video's height in pixels, upright; a PDF's first page's in points " +
          "(1/72 inch), as shown; null when unknown",
      }),
    durationMs: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "A video's length in milliseconds; null for anything else" }),
    thumbnailUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          `Signed inline link to a ${THUMBNAIL_PX} px square webp, valid 1 hour; null when there is none`,
        ),
      }),
    thumbnailLargeUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          `Signed inline link to a ${THUMBNAIL_LARGE_PX} px square webp, valid 1 hour; null when there is none`,
        ),
      }),
    previewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "Signed inline link to a webp about 1600 px (a video's poster frame), valid 1 hour; null when none",
        ),
      }),
    uploadedBy: z.string().openapi({ description: "The uploader's user id" }),
    uploader: memberReferenceSchema("The uploader as a member of the team; null once removed"),
    createdAt: z.number().int().openapi({ description: "Epoch ms of the upload" }),
    updatedAt: z.number().int().openapi({ description: "Epoch ms of the last update" }),
    refDate: z.number().int().openapi({
      description: "What lists sort by (epoch ms): takenAt when there is one, else createdAt",
    }),
    takenAt: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "When the photo was taken (epoch ms), from its EXIF; null when the file does not say. " +
          "A date without a zone in the EXIF is read as UTC",
      }),
    camera: z
      .object({
        make: z.string().nullable(),
        model: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: "The camera as the photo's EXIF names it; null when it does not" }),
    readAt: z.number().int().nullable().openapi({
      description: "When the caller last opened it (epoch ms); null if never or before updatedAt",
    }),
    motion: z
      .object({
        fileId: z.string().openapi({ description: "The film's own file: read and download it" }),
        durationMs: z.number().int(),
      })
      .nullable()
      .openapi({
        description:
          "A Live Photo's motion: the short film sent with this photo, which its preview plays; " +
          "null for anything else. Lists show the photo alone.",
      }),
    motionOf: z.string().nullable().openapi({
      description: "For a Live Photo's film: the photo it moves, which lists show in its place",
    }),
    guest: GuestAttributionSchema.nullable().openapi({
      description:
        "A file a guest sent through a drop link: who (the name they gave) and through which " +
        "link; uploadedBy is then the link's creator. Null for a member's file",
    }),
  })
  .openapi("File");
export type File = z.infer<typeof FileSchema>;

export const FILE_VARIANTS = ["original", "thumbnail", "thumbnailLarge", "preview"] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** How long the thumbnail and preview links of a file's JSON work. */
export const IMAGE_LINK_SECONDS = 60 * 60;
/** Image links made within one such window are the same URL (so browsers cache them). */
const IMAGE_LINK_WINDOW_MS = 30 * 60_000;
/** At most this many image links are kept signed (a few MB). */
const IMAGE_LINK_CACHE_MAX = 20_000;

/** Where a file's bytes and derivatives are kept in the blob store. */
export function fileBlobKey(teamId: string, fileId: string, variant: FileVariant) {
  return `teams/${teamId}/files/${fileId}/${variant === "thumbnailLarge" ? "thumbnail-large" : variant}`;
}

/** A file's preview status from its row: a processing file's previews are still to come. */
export function previewStatusOf(row: Pick<FileRow, "status" | "preview_key">): PreviewStatus {
  if (row.status !== "ready") return "pending";
  return row.preview_key === null ? "none" : "ready";
}

export interface FileServiceOptions {
  db: Db;
  now: Clock;
  blobs: BlobStore;
  /** Where blobs that could not be removed are reported. */
  logger?: Logger;
  /** Counts originals' bytes toward the team owner's plan; none counted when absent. */
  traffic?: Traffic;
}

/**
 * What the file service's operations work with: its options, and the image links it signed in
 * the current window, by key and disposition (`imageLink`). They are the same for every answer
 * until the window turns, so a list of twenty files no longer asks the store to sign twenty links
 * each time (3 % of a files page's server time). Emptied when the window turns, or when it holds
 * IMAGE_LINK_CACHE_MAX.
 */
export interface Files extends FileServiceOptions {
  imageLinks: { issuedAt: number; urls: Map<string, string> };
}

export function filesOf(options: FileServiceOptions): Files {
  return { ...options, imageLinks: { issuedAt: 0, urls: new Map() } };
}

/**
 * The columns a file is answered from (toFile); findVisibleFile adds the blob's key. With every
 * column, a list of 20 made SQLite build keys of 100 characters it never answered, and the
 * page's garbage grew with them.
 */
const FILE_COLUMNS = [
  "files.file_id",
  "files.team_id",
  "files.collection_id",
  "files.name",
  "files.original_name",
  "files.content_type",
  "files.size",
  "files.sha256",
  "files.status",
  "files.thumbnail_key",
  "files.thumbnail_large_key",
  "files.preview_key",
  "files.no_preview_reason",
  "files.width",
  "files.height",
  "files.duration_ms",
  "files.uploaded_by",
  "files.created_at",
  "files.updated_at",
  "files.ref_date",
  "files.taken_at",
  "files.camera_make",
  "files.camera_model",
  "files.motion_of",
] as const;

/** Visible files with their uploader's membership and the caller's read time. */
export function selectFiles(from: Db, userId: string) {
  return (
    from
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
      .leftJoin("files as motions", (join) =>
        join
          .onRef("motions.motion_of", "=", "files.file_id")
          .on("motions.status", "=", "ready")
          // A film trashed on its own is no longer the photo's motion (ADR 092).
          .on("motions.deleted_at", "is", null)
          .on("motions.review_state", "is", null),
      )
      .leftJoin("drop_links as guest_links", "guest_links.link_id", "files.drop_link_id")
      .select(FILE_COLUMNS)
      .select([
        "uploaders.nickname as uploader_nickname",
        "uploaders.member_id as uploader_member_id",
        "uploader_users.avatar_url as uploader_avatar_url",
        "reads.read_at as read_at",
        "motions.file_id as motion_file_id",
        "motions.duration_ms as motion_duration_ms",
        "files.drop_link_id",
        "files.guest_name",
        "guest_links.title as guest_link_title",
      ])
      .where("files.status", "in", VISIBLE_FILE_STATUSES)
      // Out of the trash, on its own and with its collection (ADR 092).
      .where("files.deleted_at", "is", null)
      .where("collections.deleted_at", "is", null)
      // A guest's file held for review is seen only in the review list (ADR 099).
      .where("files.review_state", "is", null)
  );
}

/** A file as selectFiles reads it. */
export type FileViewRow = Pick<
  FileRow,
  (typeof FILE_COLUMNS)[number] extends `files.${infer C}` ? C : never
> & {
  uploader_member_id: string | null;
  uploader_nickname: string | null;
  uploader_avatar_url: string | null;
  read_at: number | null;
  motion_file_id: string | null;
  motion_duration_ms: number | null;
  drop_link_id: string | null;
  guest_name: string | null;
  guest_link_title: string | null;
};

/** The name a variant downloads as: the file's name, or the same with `.webp` for derivatives. */
export function variantName(name: string, variant: FileVariant) {
  if (variant === "original") return name;
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.webp`;
}

/**
 * A signed GET link: the disk store's is a path on this site, which works from whatever address
 * the visitor used (ADR 024); the S3 store's is an absolute link to the bucket.
 */
export function signedLink(
  { blobs }: Files,
  key: string,
  disposition: string | undefined,
  expiresInSeconds: number,
  issuedAt?: number,
  holder?: string,
  dropLink?: string,
) {
  return blobs.signedUrl(key, {
    expiresInSeconds,
    contentDisposition: disposition,
    issuedAt,
    holder,
    dropLink,
  });
}

/**
 * A thumbnail's or preview's link: issued at the start of the current window, so every list
 * answered in that window gives the same URL and browsers reuse what they have cached; it still
 * works for at least IMAGE_LINK_SECONDS after the answer. Given through a drop link's gallery
 * (`dropLink`), it is signed for that link too, so with disk storage it stops with the gallery
 * (ADR 100).
 */
async function imageLink(
  files: Files,
  key: string | null,
  name: string,
  variant: FileVariant,
  dropLink?: string,
) {
  if (key === null) return null;
  const { imageLinks } = files;
  const issuedAt = Math.floor(Date.now() / IMAGE_LINK_WINDOW_MS) * IMAGE_LINK_WINDOW_MS;
  if (imageLinks.issuedAt !== issuedAt || imageLinks.urls.size >= IMAGE_LINK_CACHE_MAX) {
    imageLinks.issuedAt = issuedAt;
    imageLinks.urls.clear();
  }
  // A thumbnail is only ever drawn in a list, where a file name would be 100 bytes more per row,
  // twice (the page and its data); a preview, opened on its own, keeps its name.
  const named = variant !== "thumbnail";
  const cacheKey = `${named ? `${key}\n${name}` : key}${dropLink ? `\n${dropLink}` : ""}`;
  const cached = imageLinks.urls.get(cacheKey);
  if (cached !== undefined) return cached;
  const disposition = named ? contentDisposition("inline", variantName(name, variant)) : undefined;
  const url = await signedLink(
    files,
    key,
    disposition,
    IMAGE_LINK_SECONDS + IMAGE_LINK_WINDOW_MS / 1000,
    issuedAt,
    undefined,
    dropLink,
  );
  if (imageLinks.issuedAt === issuedAt) imageLinks.urls.set(cacheKey, url);
  return url;
}

/** A file's preview link, as its File answers it: for a neighbour the preview loads ahead. */
export function previewLink(files: Files, key: string | null, name: string) {
  return imageLink(files, key, name, "preview");
}

/**
 * A file row as the caller gets it; `dropLink`: the drop link whose gallery shows it, which its
 * image links are signed for.
 */
export async function toFile(files: Files, row: FileViewRow, dropLink?: string): Promise<File> {
  const readAt = row.read_at === null ? null : Number(row.read_at);
  return {
    fileId: row.file_id,
    teamId: row.team_id,
    collectionId: row.collection_id,
    name: row.name,
    originalName: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    status: row.status,
    previewStatus: previewStatusOf(row),
    noPreviewReason:
      row.status === "ready" && row.preview_key === null ? row.no_preview_reason : null,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    thumbnailUrl: await imageLink(files, row.thumbnail_key, row.name, "thumbnail", dropLink),
    thumbnailLargeUrl: await imageLink(
      files,
      row.thumbnail_large_key,
      row.name,
      "thumbnail",
      dropLink,
    ),
    previewUrl: await imageLink(files, row.preview_key, row.name, "preview", dropLink),
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
    takenAt: row.taken_at === null ? null : Number(row.taken_at),
    camera:
      row.camera_make === null && row.camera_model === null
        ? null
        : { make: row.camera_make, model: row.camera_model },
    // Read before the last update is unread again.
    readAt: readAt === null || readAt < row.updated_at ? null : readAt,
    motion:
      row.motion_file_id === null
        ? null
        : { fileId: row.motion_file_id, durationMs: Number(row.motion_duration_ms ?? 0) },
    motionOf: row.motion_of,
    guest: guestOf(row),
  };
}

/** Who sent a guest's file, through which drop link (ADR 097); null for a member's file. */
export function guestOf(row: {
  drop_link_id: string | null;
  guest_name: string | null;
  guest_link_title: string | null;
}): GuestAttribution | null {
  if (row.drop_link_id === null) return null;
  return { name: row.guest_name, linkId: row.drop_link_id, linkTitle: row.guest_link_title ?? "" };
}

/**
 * One file the caller may see, or notFound: a missing collection or file, a collection the
 * caller may not see, and another member's file for an uploader all answer alike.
 */
export async function findVisibleFile(
  { db }: Files,
  access: TeamAccess,
  collectionId: string,
  fileId: string,
) {
  await requireVisibleCollection(db, access, collectionId);
  const actor = actorOf(access);
  const row: (FileViewRow & { blob_key: string | null }) | undefined = await selectFiles(
    db,
    actor.userId,
  )
    .select("files.blob_key")
    .where("files.team_id", "=", access.team.team_id)
    .where("files.collection_id", "=", collectionId)
    .where("files.file_id", "=", fileId)
    .executeTakeFirst();
  if (!row || (!canSeeAllCollections(actor.role) && row.uploaded_by !== actor.userId)) {
    throw new ApiError("notFound", "No such file in this collection");
  }
  return { row, actor };
}
