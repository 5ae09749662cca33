import { z } from "@hono/zod-openapi";
import type { Db, DropLinkRow } from "#api/db/schema.ts";
import type { DownloadService } from "#api/downloads/downloads.ts";
import {
  type File,
  type Files,
  previewStatusOf,
  selectFiles,
  signedLink,
  toFile,
  variantName,
} from "#api/files/file-views.ts";
import { CONTENT_LINK_SECONDS, IMAGE_LINK_SECONDS, VIDEO_TYPES } from "#api/files/files.ts";
import { contentDisposition } from "#api/http/content-disposition.ts";
import { ApiError } from "#api/http/errors.ts";
import { decodeKeyset, keysetPage } from "#api/http/keyset.ts";
import { ownImageDescription, signedLinkDescription } from "#api/http/schemas.ts";
import { BLOB_URL_PATH } from "#api/storage/index.ts";
import { findLinkById, findLinkByToken, requireGuest } from "./guests.ts";

// The read-only gallery a drop link may open to its guests (ADR 100): the collection's files
// as members see them, less everything that would tell a guest who is in the team, and its zip,
// made on behalf of the link's creator.

/** Files on one page of the gallery: a grid of 3 columns fills 20 rows. */
export const GALLERY_PAGE_DEFAULT = 60;
export const GALLERY_PAGE_MAX = 100;

export const GALLERY_SENDERS = ["guest", "team"] as const;

/** A file as a guest sees it: no uploader, no member data, no read marks. */
export const GalleryFileSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int().openapi({ description: "Bytes" }),
    previewStatus: z.enum(["pending", "ready", "none"]),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    takenAt: z.number().int().nullable().openapi({ description: "From the EXIF, epoch ms" }),
    uploadedAt: z.number().int().openapi({ description: "Epoch ms" }),
    refDate: z.number().int().openapi({ description: "takenAt when known, else uploadedAt" }),
    sentBy: z.enum(GALLERY_SENDERS).openapi({
      description: "Whether a guest sent it through a drop link or a member uploaded it: no more",
    }),
    thumbnailUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription("A square webp thumbnail, as members get; null if none"),
      }),
    thumbnailLargeUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription("A larger square webp thumbnail; null if none"),
      }),
    previewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription("A webp about 1600 px (a video's poster); null if none"),
      }),
  })
  .openapi("GalleryFile");
export type GalleryFile = z.infer<typeof GalleryFileSchema>;

export const GalleryPageSchema = z
  .object({
    title: z.string().openapi({ description: "The link's title" }),
    team: z.object({
      name: z.string(),
      logoUrl: z
        .string()
        .nullable()
        .openapi({ description: ownImageDescription("logo") }),
    }),
    collection: z.object({
      name: z.string(),
      fileCount: z.number().int().openapi({ description: "Files the gallery shows in all" }),
    }),
    files: z.array(GalleryFileSchema).openapi({ description: "Newest first (by refDate)" }),
    nextCursor: z.string().nullable().openapi({ description: "Null on the last page" }),
  })
  .openapi("GalleryPage");

export const GalleryFileDetailSchema = GalleryFileSchema.extend({
  downloadUrl: z.string().openapi({
    description: signedLinkDescription(
      "The original as an attachment, valid 5 minutes; its bytes count toward the team owner's " +
        "traffic. With disk storage it stops as soon as the link no longer opens its gallery",
    ),
  }),
  playUrl: z
    .string()
    .nullable()
    .openapi({
      description: signedLinkDescription(
        "A video's original, inline for a <video> element, valid 1 hour; null for anything " +
          "else. With disk storage it stops as soon as the link no longer opens its gallery",
      ),
    }),
  previousId: z.string().nullable().openapi({ description: "The newer neighbour; null first" }),
  nextId: z.string().nullable().openapi({ description: "The older neighbour; null last" }),
  position: z.number().int().openapi({ description: "Its place in the gallery, from 1" }),
  total: z.number().int(),
}).openapi("GalleryFileDetail");

export const GalleryZipSchema = z
  .object({
    name: z.string().openapi({ description: "The archive's name without .zip" }),
    fileCount: z.number().int(),
    size: z.number().int().openapi({ description: "Bytes of every part together" }),
    url: z.string().openapi({
      description:
        "The first part's zip (the whole zip when it has one part): a GET link on this API " +
        "(/api/archives/...), no credential needed, valid 6 hours; resolve it against the " +
        "address the API was reached at. Served with its length, an ETag and Range support, " +
        "only while the link still opens its gallery: revoked it is dropLinkRevoked, showing " +
        "guests nothing it is notFound",
    }),
    parts: z.array(
      z.object({
        partId: z.number().int(),
        size: z.number().int(),
        fileCount: z.number().int(),
        url: z.string(),
      }),
    ),
    expiresAt: z.number().int(),
  })
  .openapi("GalleryZip");

/**
 * The link whose gallery is asked for, when it shows one to this caller: it shows the
 * collection, is not revoked (a paused or past-deadline link still shows it, read-only), and
 * with a PIN, the caller is its guest. A link that shows nothing answers as no link at all.
 */
export async function openGallery(db: Db, token: string, credential: string | null) {
  const link = requireGalleryShown(await findLinkByToken(db, token));
  if (link.pin_hash !== null) await requireGuest(db, link, credential);
  return link;
}

/** The link, when it shows its gallery at all; otherwise the error every gallery address gives. */
function requireGalleryShown(link: DropLinkRow) {
  if (link.guests_see !== "collection") throw new ApiError("notFound", "There is no such link");
  if (link.status === "revoked") throw new ApiError("dropLinkRevoked", "This link was revoked");
  return link;
}

/**
 * Whether what a guest took from the gallery may still be served: the zip a guest asked for, and
 * with disk storage (api/routes/blobs.ts) an original's, thumbnail's or preview's link, work only
 * while the link they came through would still open its gallery, checked in the database on
 * every fetch, so on every instance at once. It answers what the gallery would (notFound for a
 * link that shows nothing or is no link at all, dropLinkRevoked once revoked); a paused or
 * past-deadline link still shows its gallery, so its zips still work. The holder of a zip link
 * needs no guest credential, as when it was given.
 */
export async function requireGalleryStillOpen(db: Db, linkId: string) {
  requireGalleryShown(await findLinkById(db, linkId));
}

/**
 * The files a guest sees: the link's collection's, as members list them (processing or ready,
 * out of the trash, a Live Photo's film as its photo's motion), less those a review holds.
 * No reader is named: a guest has no read marks.
 */
function galleryFiles(db: Db, link: DropLinkRow) {
  return selectFiles(db, "")
    .select("files.guest_id")
    .where("collections.team_id", "=", link.team_id)
    .where("files.collection_id", "=", link.collection_id)
    .where("files.motion_of", "is", null)
    .where("files.review_state", "is", null);
}

function toGalleryFile(file: File, guestId: string | null): GalleryFile {
  return {
    fileId: file.fileId,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    previewStatus: file.previewStatus,
    width: file.width,
    height: file.height,
    durationMs: file.durationMs,
    takenAt: file.takenAt,
    uploadedAt: file.createdAt,
    refDate: file.refDate,
    sentBy: guestId === null ? "team" : "guest",
    thumbnailUrl: file.thumbnailUrl,
    thumbnailLargeUrl: file.thumbnailLargeUrl,
    previewUrl: file.previewUrl,
  };
}

async function countFiles(db: Db, link: DropLinkRow) {
  const row = await galleryFiles(db, link)
    .clearSelect()
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface GalleryOptions {
  db: Db;
  files: Files;
  downloads: DownloadService;
}

export function createGalleryService({ db, files, downloads }: GalleryOptions) {
  /** The team owner whose traffic the gallery's downloads count toward. */
  async function ownerOf(link: DropLinkRow) {
    const team = await db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", link.team_id)
      .executeTakeFirstOrThrow();
    return team.owner_id;
  }

  return {
    /** A page of the gallery, newest first, after `cursor`. */
    async page(link: DropLinkRow, query: { cursor?: string | undefined; limit: number }) {
      const after = query.cursor === undefined ? undefined : decodeKeyset(query.cursor);
      let select = galleryFiles(db, link);
      if (after) {
        select = select.where((eb) =>
          eb(
            eb.refTuple("files.ref_date", "files.file_id"),
            "<",
            eb.tuple(after.sortKey, after.id),
          ),
        );
      }
      const rows = await select
        .orderBy("files.ref_date", "desc")
        .orderBy("files.file_id", "desc")
        .limit(query.limit + 1)
        .execute();
      const { page, lastKey } = keysetPage(rows, query.limit, (row) => [
        Number(row.ref_date),
        row.file_id,
      ]);
      const [team, collection, fileCount] = await Promise.all([
        db
          .selectFrom("teams")
          .select(["name", "logo_url"])
          .where("team_id", "=", link.team_id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("collections")
          .select("name")
          .where("collection_id", "=", link.collection_id)
          .executeTakeFirstOrThrow(),
        countFiles(db, link),
      ]);
      return {
        title: link.title,
        team: { name: team.name, logoUrl: team.logo_url },
        collection: { name: collection.name, fileCount },
        files: await Promise.all(
          page.map(async (row) =>
            toGalleryFile(await toFile(files, row, link.link_id), row.guest_id),
          ),
        ),
        nextCursor: lastKey,
      };
    },

    /**
     * One file of the gallery with its neighbours, and links to its original: signed for the
     * link's creator, so they stop once the creator may no longer read it, and for the link, so
     * with disk storage they stop once it no longer opens its gallery (api/routes/blobs.ts);
     * counted toward the team owner's traffic as a member's download is.
     */
    async file(link: DropLinkRow, fileId: string) {
      const row = await galleryFiles(db, link)
        .select("files.blob_key")
        .where("files.file_id", "=", fileId)
        .executeTakeFirst();
      if (!row || row.blob_key === null) {
        throw new ApiError("notFound", "No such file in this collection");
      }
      const file = toGalleryFile(await toFile(files, row, link.link_id), row.guest_id);
      const position = { sortKey: Number(row.ref_date), id: row.file_id };
      const neighbour = (direction: "newer" | "older") =>
        galleryFiles(db, link)
          .clearSelect()
          .select("files.file_id")
          .where((eb) =>
            eb(
              eb.refTuple("files.ref_date", "files.file_id"),
              direction === "newer" ? ">" : "<",
              eb.tuple(position.sortKey, position.id),
            ),
          )
          .orderBy("files.ref_date", direction === "newer" ? "asc" : "desc")
          .orderBy("files.file_id", direction === "newer" ? "asc" : "desc")
          .limit(1)
          .executeTakeFirst();
      const [previous, next, newer, total] = await Promise.all([
        neighbour("newer"),
        neighbour("older"),
        galleryFiles(db, link)
          .clearSelect()
          .select((eb) => eb.fn.countAll().as("count"))
          .where((eb) =>
            eb(
              eb.refTuple("files.ref_date", "files.file_id"),
              ">",
              eb.tuple(position.sortKey, position.id),
            ),
          )
          .executeTakeFirstOrThrow(),
        countFiles(db, link),
      ]);
      const contentType = row.content_type.split(";")[0]?.trim().toLowerCase() ?? "";
      const video = VIDEO_TYPES.includes(contentType);
      const downloadUrl = await signedLink(
        files,
        row.blob_key,
        contentDisposition("attachment", variantName(row.name, "original")),
        CONTENT_LINK_SECONDS,
        undefined,
        link.created_by,
        link.link_id,
      );
      const playUrl = video
        ? await signedLink(
            files,
            row.blob_key,
            contentDisposition("inline", variantName(row.name, "original")),
            IMAGE_LINK_SECONDS,
            undefined,
            link.created_by,
            link.link_id,
          )
        : null;
      const { traffic } = files;
      if (traffic) {
        const ownerId = await ownerOf(link);
        const size = Number(row.size);
        await traffic.check(ownerId, size);
        // As for members (api/files/files.ts): the disk store's links come back to /api/blobs,
        // which counts what it sends; a bucket's are counted when given.
        if (!downloadUrl.startsWith(BLOB_URL_PATH)) traffic.charge(ownerId, size);
      }
      return {
        ...file,
        previewStatus: previewStatusOf(row),
        downloadUrl,
        playUrl,
        previousId: previous?.file_id ?? null,
        nextId: next?.file_id ?? null,
        position: Number(newer.count) + 1,
        total,
      };
    },

    /**
     * The collection's zip for a guest: its ready files that no review holds, made on behalf of
     * the link's creator, so it is fetched, counted toward the team owner's traffic and stopped
     * as the creator's own zip would be; and stopped too once the link no longer opens its
     * gallery (requireGalleryStillOpen).
     */
    async zip(link: DropLinkRow) {
      const made = await downloads.createOnBehalf({
        teamId: link.team_id,
        collectionId: link.collection_id,
        memberId: link.created_by,
        dropLinkId: link.link_id,
        detail: { dropLink: link.title },
      });
      const first = made.parts[0];
      if (!first) throw new ApiError("notFound", "There is no such collection");
      return {
        name: made.name,
        fileCount: made.parts.reduce((sum, part) => sum + part.fileCount, 0),
        size: made.size,
        url: first.url,
        parts: made.parts,
        expiresAt: made.expiresAt,
      };
    },

    ownerOf,
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
