import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import sharp from "sharp";
import type { FileStatus } from "#api/db/schema.ts";
import { fileBlobKey } from "#api/files/files.ts";
import type { TestApi } from "./api-server.ts";
import type { StoredCollection } from "./collections.ts";
import type { TestTeam } from "./teams.ts";

// Files written straight to the database (and their bytes to the API's blob store), in the
// states the upload path leaves them: uploading (no bytes yet), processing (bytes stored, no
// derivatives), ready (with thumbnail and preview for images), failed. For chosen refDates and
// uploaders, without going through uploads.

export interface StoredFile {
  fileId: string;
  name: string;
  refDate: number;
  /** The original's bytes, when stored. */
  content?: Buffer;
}

/** A small real webp, what processing makes for thumbnails and previews. */
async function webp(side: number) {
  return sharp({
    create: { width: side, height: side, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .webp()
    .toBuffer();
}

export async function insertFile(
  api: TestApi,
  team: TestTeam,
  collection: StoredCollection | { collectionId: string },
  {
    uploadedBy = team.ownerId,
    name = `File ${randomUUID().slice(0, 6)}.jpg`,
    originalName = name,
    contentType = "image/jpeg",
    refDate = api.clock.now(),
    status = "ready",
    withBlobs = false,
    content,
    updatedAt,
  }: {
    uploadedBy?: string;
    name?: string;
    /** The name it was uploaded with; defaults to `name`. */
    originalName?: string;
    contentType?: string;
    refDate?: number;
    status?: FileStatus;
    /**
     * Stores the original (`content`, or random bytes) and, for a ready image, a webp
     * thumbnail and preview, under the keys the upload path uses.
     */
    withBlobs?: boolean;
    content?: Buffer;
    /** Defaults to now. */
    updatedAt?: number;
  } = {},
): Promise<StoredFile> {
  const fileId = randomUUID();
  const at = api.clock.now();
  let blobKey: string | null = null;
  let thumbnailKey: string | null = null;
  let previewKey: string | null = null;
  let bytes: Buffer | undefined;
  if (withBlobs && status !== "uploading") {
    bytes = content ?? randomBytes(4096);
    blobKey = fileBlobKey(team.teamId, fileId, "original");
    await api.blobs.put(blobKey, Readable.from([bytes]), {
      contentType,
      contentLength: bytes.length,
    });
    if (status === "ready" && contentType.startsWith("image/")) {
      thumbnailKey = fileBlobKey(team.teamId, fileId, "thumbnail");
      previewKey = fileBlobKey(team.teamId, fileId, "preview");
      for (const [key, side] of [
        [thumbnailKey, 70],
        [previewKey, 400],
      ] as const) {
        const image = await webp(side);
        await api.blobs.put(key, Readable.from([image]), {
          contentType: "image/webp",
          contentLength: image.length,
        });
      }
    }
  }
  await api.db
    .insertInto("files")
    .values({
      file_id: fileId,
      team_id: team.teamId,
      collection_id: collection.collectionId,
      name,
      name_key: name.toLowerCase(),
      original_name: originalName,
      content_type: contentType,
      size: bytes?.length ?? 4096,
      // Processing computes it before a file is ready (ADR 016).
      crc32: status === "ready" && bytes ? zlib.crc32(bytes) : null,
      status,
      error_code: status === "failed" ? "generic" : null,
      blob_key: blobKey,
      thumbnail_key: thumbnailKey,
      preview_key: previewKey,
      upload_id: null,
      uploaded_by: uploadedBy,
      created_at: at,
      updated_at: updatedAt ?? at,
      updated_by: uploadedBy,
      ref_date: refDate,
    })
    .execute();
  return { fileId, name, refDate, content: bytes };
}
