import { Readable } from "node:stream";
import { Hono } from "hono";
import type { Db } from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { requireGalleryStillOpen } from "#api/drop-links/gallery.ts";
import { countedStream } from "#api/http/counted-stream.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import { parseRange } from "#api/http/range.ts";
import { BLOB_URL_PATH, type BlobStore, verifyBlobSignature } from "#api/storage/index.ts";
import { canReviewGuestFiles } from "#domain/drop-links.ts";
import { hasTeamAccess } from "#domain/members.ts";
import { canDownloadFile, canSeeAllCollections, canSeeCollection } from "#domain/roles.ts";

/** A file's original bytes (fileBlobKey): `teams/<teamId>/files/<fileId>/original`. */
const ORIGINAL_KEY = /^teams\/([^/]+)\/files\/[^/]+\/original$/;
/** Any blob of one team: `teams/<teamId>/...`. */
const TEAM_KEY = /^teams\/([^/]+)\//;
/** Any of a file's blobs: its original, thumbnails and preview. */
const FILE_KEY = /^teams\/([^/]+)\/files\/([^/]+)\/([^/]+)$/;

/**
 * Serves disk blobs to holders of a signed URL (`DiskBlobStore.signedUrl`): the signature names
 * the method, the key, the expiry and the Content-Disposition, so none of them can be changed.
 * S3 signed URLs point at the bucket instead and never come here.
 *
 * Content is never trusted to be harmless: `nosniff` and `sandbox` keep an uploaded HTML, SVG or
 * PDF from running script in our origin, whatever its type says.
 */
export function blobRoutes({
  blobs,
  signingSecret,
  db,
  traffic,
}: {
  blobs: BlobStore;
  signingSecret: string;
  db: Db;
  traffic: Traffic;
}) {
  const app = new Hono<ApiEnv>();

  /** The team owner a file's original bytes are charged to, or null for any other blob. */
  async function chargedTo(key: string): Promise<string | null> {
    const match = ORIGINAL_KEY.exec(key);
    if (!match) return null;
    const team = await db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", match[1] as string)
      .executeTakeFirst();
    return team?.owner_id ?? null;
  }

  /**
   * A team's blobs (its files' bytes, its logo) stop being served the moment the team is
   * deleted (ADR 094), whoever holds the link; they come back with a restore.
   */
  async function requireLiveTeam(key: string) {
    const match = TEAM_KEY.exec(key);
    if (!match) return;
    const deleted = await db
      .selectFrom("teams")
      .select("team_id")
      .where("team_id", "=", match[1] as string)
      .where("deleted_at", "is not", null)
      .executeTakeFirst();
    if (deleted) throw new ApiError("notFound", "There is no such file");
  }

  /**
   * A link given to a member works only while that member may still read the file (ADR 085):
   * removed, disabled or left, or the file or its collection no longer theirs to see, it is
   * notFound; a role that no longer reads the original is forbidden.
   */
  async function requireHolderAccess(key: string, memberId: string) {
    const match = FILE_KEY.exec(key);
    const gone = () => new ApiError("notFound", "There is no such file");
    if (!match) throw gone();
    const [, teamId, fileId, variant] = match as unknown as [string, string, string, string];
    const row = await db
      .selectFrom("members")
      .innerJoin("files", (join) =>
        join.onRef("files.team_id", "=", "members.team_id").on("files.file_id", "=", fileId),
      )
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      // A file in the trash, on its own or with its collection, is gone for its links (ADR 092).
      .where("files.deleted_at", "is", null)
      .where("collections.deleted_at", "is", null)
      .select([
        "members.role",
        "members.status",
        "files.uploaded_by",
        "files.review_state",
        "collections.mode",
        "collections.created_by",
      ])
      .where("members.team_id", "=", teamId)
      .where("members.member_id", "=", memberId)
      .executeTakeFirst();
    if (!row || !hasTeamAccess(row.status)) throw gone();
    const actor = { userId: memberId, role: row.role };
    const file = { uploadedBy: row.uploaded_by };
    if (
      !canSeeCollection(actor, { mode: row.mode, createdBy: row.created_by }) ||
      (!canSeeAllCollections(actor.role) && file.uploadedBy !== memberId) ||
      // A file held for review is its reviewers' alone (ADR 099).
      (row.review_state !== null && !canReviewGuestFiles(actor.role))
    ) {
      throw gone();
    }
    if (variant === "original" && !canDownloadFile(actor, file)) {
      throw new ApiError("forbidden", "Your role cannot download this file");
    }
  }

  /**
   * Any link to a file's blobs, a member's or an image link of a list, stops working once the
   * file is in the trash, on its own or with its collection (ADR 092): notFound.
   */
  async function requireOutOfTrash(key: string) {
    const match = FILE_KEY.exec(key);
    if (!match) return;
    const [, teamId, fileId] = match as unknown as [string, string, string];
    const row = await db
      .selectFrom("files")
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      .select("files.file_id")
      .where("files.team_id", "=", teamId)
      .where("files.file_id", "=", fileId)
      .where("files.deleted_at", "is", null)
      .where("collections.deleted_at", "is", null)
      .executeTakeFirst();
    if (!row) throw new ApiError("notFound", "There is no such file");
  }

  app.on(["GET", "HEAD"], `${BLOB_URL_PATH.replace(/^\/api/, "")}*`, async (c) => {
    const key = decodeKey(c.req.path.slice(BLOB_URL_PATH.length));
    const { expires, signature, disposition, member, link } = c.req.query();
    // HEAD is GET without a body, and a GET link may be checked with it.
    const signedFor = (now: number) =>
      verifyBlobSignature(
        signingSecret,
        "GET",
        key,
        expires,
        signature,
        now,
        disposition,
        member,
        link,
      );
    if (!signedFor(0)) throw new ApiError("forbidden", "This link is not valid");
    if (!signedFor(Date.now())) throw new ApiError("expiredToken", "This link has expired");
    if (member) await requireHolderAccess(key, member);
    else await requireOutOfTrash(key);
    // An original given through a drop link's gallery stops with that gallery, answering as the
    // gallery does (ADR 100).
    if (link) await requireGalleryStillOpen(db, link);
    await requireLiveTeam(key);

    const info = await blobs.head(key);
    if (!info) throw new ApiError("notFound", "There is no such file");
    const range = parseRange(c.req.header("range"), info.size);
    if (range === "unsatisfiable") {
      throw new ApiError("invalidInput", "The requested range is past the end of the file", 416, {
        "Content-Range": `bytes */${info.size}`,
      });
    }

    const headers = new Headers({
      "Content-Type": info.contentType,
      "Accept-Ranges": "bytes",
      "Last-Modified": new Date(info.updatedAt).toUTCString(),
      "Cache-Control": `private, max-age=${Math.max(0, Math.floor((Number(expires) - Date.now()) / 1000))}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    });
    if (disposition) headers.set("Content-Disposition", disposition);
    if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    const length = range ? range.end - range.start + 1 : info.size;
    headers.set("Content-Length", String(length));
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD") return new Response(null, { status, headers });

    // A file's original bytes count toward the team owner's traffic as they are sent (ADR 025);
    // thumbnails, previews, avatars and logos do not.
    const ownerId = await chargedTo(key);
    if (ownerId !== null) await traffic.check(ownerId, length);
    const blob = await blobs.get(key, range);
    if (!blob) throw new ApiError("notFound", "There is no such file");
    const body =
      ownerId === null
        ? blob.body
        : countedStream(
            blob.body,
            (bytes) => traffic.charge(ownerId, bytes),
            (error) => c.var.logger.warn({ err: error, key }, "blob: stream ended early"),
          );
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
      status,
      headers,
    });
  });

  return app;
}

/**
 * The key in a link's path. A lone "%" or the bytes of no character (a UTF-16 surrogate, cut
 * UTF-8) make decodeURIComponent throw a URIError: that is the client's mistake, so a 400.
 */
function decodeKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new ApiError("invalidInput", "The link's path is not valid percent-encoding");
  }
}
