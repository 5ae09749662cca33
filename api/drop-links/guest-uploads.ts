import { z } from "@hono/zod-openapi";
import { recordActivity } from "#api/activity/record.ts";
import { verifyPassword } from "#api/auth/passwords.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, DropGuestRow, DropLinkRow } from "#api/db/schema.ts";
import { EXPIRE_UPLOAD_JOB, type FileJobPayload } from "#api/files/process.ts";
import { ApiError } from "#api/http/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { TrashService } from "#api/trash/trash.ts";
import { type FileUploadService, guestUsage, type NewFile } from "#api/uploads/file-uploads.ts";
import {
  ASK_NAME_OPTIONS,
  dropLinkState,
  GUEST_DELETE_WINDOW_MS,
  GUEST_NAME_MAX,
  GUESTS_SEE_OPTIONS,
} from "#domain/drop-links.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { isSafeText } from "#domain/validation.ts";
import {
  admitGuest,
  findLinkByToken,
  guestSender,
  requireGuest,
  requireOpenLink,
} from "./guests.ts";

// The guest side of a drop link (ADR 098, on ADR 097): what its page shows, letting a guest in
// (PIN, name, email), the files they start, list and take back. Each call names the link by its
// token and the guest by the credential they were given when they came in.

export const DropPageSchema = z
  .object({
    team: z.object({
      name: z.string(),
      logoUrl: z
        .string()
        .nullable()
        .openapi({
          description:
            "The team's logo as a path on this API (/api/logos/<id>.webp): resolve it against " +
            "the address the API was reached at; null when there is none",
        }),
    }),
    title: z.string(),
    message: z.string().nullable().openapi({
      description: "Null when there is none, and, on a link with a PIN, until the guest is in",
    }),
    state: z.enum(["open", "paused", "revoked", "expired"]).openapi({
      description: "Only an open link takes files",
    }),
    deadlineAt: z.number().int().nullable().openapi({ description: "Epoch ms; null: none" }),
    timeZone: z.string().openapi({ description: "The IANA time zone to show the deadline in" }),
    needsPin: z.boolean(),
    askName: z.enum(ASK_NAME_OPTIONS).openapi({
      description: "Whether entering asks for a name: off, optional or required",
    }),
    askEmail: z.boolean().openapi({ description: "Whether entering offers an (optional) email" }),
    guestsSee: z.enum(GUESTS_SEE_OPTIONS),
    holdsForReview: z.boolean().openapi({
      description: "Guests' files wait for an owner's or admin's review before others see them",
    }),
    limits: z.object({
      fileMaxBytes: z.number().int().openapi({ description: "The largest single file" }),
      guestMaxFiles: z.number().int().nullable().openapi({
        description: "Files each guest may send; null: no limit of the link's own",
      }),
      guestMaxBytes: z.number().int().nullable().openapi({
        description: "Bytes each guest may send; null: no limit of the link's own",
      }),
    }),
  })
  .openapi("DropPage");
export type DropPage = z.infer<typeof DropPageSchema>;

export const GuestFileSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    size: z.number().int(),
    status: z.enum(["uploading", "processing", "ready", "failed"]),
    held: z.boolean().openapi({ description: "Waiting for review: others do not see it yet" }),
    createdAt: z.number().int().openapi({ description: "Epoch ms: when it was sent" }),
    deletableUntil: z.number().int().openapi({
      description: "Epoch ms: the guest may delete it until then",
    }),
  })
  .openapi("GuestFile");

export const DropGuestSchema = z
  .object({
    guestId: z.string(),
    name: z.string().nullable(),
    files: z.array(GuestFileSchema).openapi({ description: "What they sent here, newest first" }),
    filesLeft: z.number().int().nullable().openapi({
      description: "Files they may still send; null: no limit of the link's own",
    }),
    bytesLeft: z.number().int().nullable().openapi({
      description: "Bytes they may still send; null: no limit of the link's own",
    }),
  })
  .openapi("DropGuest");
export type DropGuest = z.infer<typeof DropGuestSchema>;

/** Files a guest's list shows at most: far beyond what any link lets one guest send. */
const GUEST_FILES_LISTED_MAX = 1000;

export interface GuestEntry {
  pin?: string;
  name?: string;
  email?: string;
}

export interface DropGuestServiceOptions {
  db: Db;
  now: Clock;
  jobs: JobQueue;
  limiter: RateLimiter;
  uploads: FileUploadService;
  trash: Pick<TrashService, "purgeFilesNow">;
}

function wrongPin() {
  return new ApiError("wrongPin", "The PIN is not right");
}

/** The name a guest gives, as the link asks for it: null when it asks for none or none came. */
function guestName(link: DropLinkRow, raw: string | undefined) {
  if (link.ask_name === "off") return null;
  const name = raw?.trim() ?? "";
  if (name === "") {
    if (link.ask_name === "required") {
      throw new ApiError("invalidInput", "name: this link asks for your name");
    }
    return null;
  }
  if (!isSafeText(name)) throw new ApiError("invalidInput", "name: invalidCharacters");
  if ([...name].length > GUEST_NAME_MAX) {
    throw new ApiError("invalidInput", `name: at most ${GUEST_NAME_MAX} characters`);
  }
  return name;
}

export function createDropGuestService(options: DropGuestServiceOptions) {
  const { db, now, jobs, limiter, uploads, trash } = options;

  /** The guest a credential names on this link, or null: no credential, or not this link's. */
  async function guestOrNull(link: DropLinkRow, credential: string | null) {
    if (!credential) return null;
    return requireGuest(db, link, credential).catch((error: unknown) => {
      if (error instanceof ApiError && error.errorCode === "authorizationRequired") return null;
      throw error;
    });
  }

  /** `GET /drops/{token}`: what the guest page shows. */
  async function page(token: string, credential: string | null): Promise<DropPage> {
    const link = await findLinkByToken(db, token);
    const team = await db
      .selectFrom("teams")
      .select(["name", "logo_url"])
      .where("team_id", "=", link.team_id)
      .executeTakeFirstOrThrow();
    // Behind a PIN, the message is for those who know it.
    const guest = link.pin_hash === null ? null : await guestOrNull(link, credential);
    const showMessage = link.pin_hash === null || guest !== null;
    return {
      team: { name: team.name, logoUrl: team.logo_url },
      title: link.title,
      message: showMessage ? link.message : null,
      state: dropLinkState({ status: link.status, deadlineAt: link.deadline_at }, now()),
      deadlineAt: link.deadline_at === null ? null : Number(link.deadline_at),
      timeZone: link.time_zone,
      needsPin: link.pin_hash !== null,
      askName: link.ask_name,
      askEmail: link.ask_email === 1,
      guestsSee: link.guests_see,
      holdsForReview: link.hold_for_review === 1,
      limits: {
        fileMaxBytes:
          link.guest_max_bytes === null
            ? FILE_MAX_BYTES
            : Math.min(FILE_MAX_BYTES, Number(link.guest_max_bytes)),
        guestMaxFiles: link.guest_max_files,
        guestMaxBytes: link.guest_max_bytes === null ? null : Number(link.guest_max_bytes),
      },
    };
  }

  /**
   * `POST /drops/{token}/guests`: lets a guest in through an open link. Every entry counts on
   * the address's and the link's budgets; a link with a PIN counts each try on its own tighter
   * budgets, and a right PIN gives its try back.
   */
  async function enter(token: string, entry: GuestEntry, clientIp: string) {
    const link = await findLinkByToken(db, token);
    await limiter.check("dropEntry", clientIp, `link:${link.link_id}`);
    requireOpenLink(link, now());
    if (link.pin_hash !== null) {
      const pinTry = await limiter.attempt("dropPin", clientIp, `link:${link.link_id}`);
      const pin = entry.pin ?? "";
      if (!(await verifyPassword(link.pin_hash, pin))) throw wrongPin();
      await pinTry.passed();
    }
    const name = guestName(link, entry.name);
    const email = link.ask_email === 1 ? (entry.email ?? null) : null;
    const { guest, credential } = await admitGuest(db, now, link, { name, email });
    return { guestToken: credential, guestId: guest.guest_id };
  }

  /** The link and the guest a call names; the link in whatever state. */
  async function guestOf(token: string, credential: string | null) {
    const link = await findLinkByToken(db, token);
    const guest = await requireGuest(db, link, credential);
    return { link, guest };
  }

  function filesOf(guest: DropGuestRow) {
    return (
      db
        .selectFrom("files")
        .select(["file_id", "name", "size", "status", "review_state", "created_at"])
        .where("guest_id", "=", guest.guest_id)
        .where("drop_link_id", "=", guest.link_id)
        .where("deleted_at", "is", null)
        // A Live Photo's film goes with its photo.
        .where("motion_of", "is", null)
        .orderBy("created_at", "desc")
        .orderBy("file_id")
        .limit(GUEST_FILES_LISTED_MAX)
        .execute()
    );
  }

  /** `GET /drops/{token}/me`: the guest, what they sent, and what they may still send. */
  async function me(token: string, credential: string | null): Promise<DropGuest> {
    const { link, guest } = await guestOf(token, credential);
    const [rows, used] = await Promise.all([filesOf(guest), guestUsage(db, guest.guest_id)]);
    const maxBytes = link.guest_max_bytes === null ? null : Number(link.guest_max_bytes);
    return {
      guestId: guest.guest_id,
      name: guest.name,
      files: rows.map((row) => ({
        fileId: row.file_id,
        name: row.name,
        size: Number(row.size),
        status: row.status,
        held: row.review_state === "held",
        createdAt: Number(row.created_at),
        deletableUntil: Number(row.created_at) + GUEST_DELETE_WINDOW_MS,
      })),
      filesLeft:
        link.guest_max_files === null ? null : Math.max(0, link.guest_max_files - used.files),
      bytesLeft: maxBytes === null ? null : Math.max(0, maxBytes - used.bytes),
    };
  }

  /** `POST /drops/{token}/files`: a file the guest sends, and where its bytes go. */
  async function startFile(
    token: string,
    credential: string | null,
    input: NewFile,
    clientIp: string,
  ) {
    const { link, guest } = await guestOf(token, credential);
    await limiter.check("dropFileStart", clientIp, `link:${link.link_id}`);
    requireOpenLink(link, now());
    try {
      return await uploads.createForGuest(guestSender(link, guest), input);
    } catch (error) {
      // The owner's plan is nothing a guest can act on: they are told whom to ask.
      if (error instanceof ApiError && error.errorCode === "quotaExceededStorage") {
        throw new ApiError(
          "quotaExceededStorage",
          "The collection has no room for this file: tell whoever shared this link",
        );
      }
      throw error;
    }
  }

  /**
   * `DELETE /drops/{token}/files/{fileId}`: a file the guest sent, within GUEST_DELETE_WINDOW_MS
   * of sending it, goes for good: its row now, its bytes by jobs (the trash's purge for stored
   * bytes, the upload's expiry for bytes still waiting in the upload store).
   */
  async function deleteFile(token: string, credential: string | null, fileId: string) {
    const { link, guest } = await guestOf(token, credential);
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("files")
        .select(["file_id", "name", "collection_id", "created_at", "upload_id", "guest_name"])
        .where("file_id", "=", fileId)
        .where("guest_id", "=", guest.guest_id)
        .where("drop_link_id", "=", link.link_id)
        .where("deleted_at", "is", null)
        .where("motion_of", "is", null)
        .executeTakeFirst();
      if (!row) throw new ApiError("fileNotFound", "You sent no such file through this link");
      if (at > Number(row.created_at) + GUEST_DELETE_WINDOW_MS) {
        throw new ApiError(
          "forbidden",
          "A file can be deleted only within an hour of sending it: ask whoever shared this link",
        );
      }
      await trash.purgeFilesNow(trx, [row.file_id]);
      if (row.upload_id !== null) {
        // The upload's expiry removes what waits in the upload store once the row is gone.
        const payload: FileJobPayload = { fileId: row.file_id, uploadId: row.upload_id };
        await jobs.enqueue(EXPIRE_UPLOAD_JOB, payload, { db: trx });
      }
      await recordActivity(trx, {
        teamId: link.team_id,
        actorId: null,
        kind: "fileWithdrawnByGuest",
        targetType: "file",
        targetId: row.file_id,
        targetName: row.name,
        detail: {
          collectionId: row.collection_id,
          dropLinkId: link.link_id,
          linkTitle: link.title,
          guestName: row.guest_name,
        },
        at,
      });
    });
    jobs.wake();
  }

  return { page, enter, me, startFile, deleteFile };
}

export type DropGuestService = ReturnType<typeof createDropGuestService>;
