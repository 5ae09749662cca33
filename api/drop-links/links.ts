import { randomBytes, randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { ExpressionBuilder } from "kysely";
import QRCode from "qrcode";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import { hashPassword } from "#api/auth/passwords.ts";
import type { Clock } from "#api/clock.ts";
import { type Database, type Db, type DropLinkRow, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { ActivityKind } from "#domain/activity.ts";
import {
  ASK_NAME_OPTIONS,
  canManageDropLinks,
  DEFAULT_GUESTS_SEE,
  DROP_LINK_STATUSES,
  DROP_LINKS_PER_COLLECTION_MAX,
  DROP_MESSAGE_MAX,
  DROP_PIN_PATTERN,
  DROP_TITLE_MAX,
  DROP_TOKEN_BYTES,
  type DropLinkStatus,
  dropLinkState,
  dropPath,
  GUEST_MAX_FILES_LIMIT,
  GUEST_MIN_BYTES,
  GUESTS_SEE_OPTIONS,
} from "#domain/drop-links.ts";
import { isTimeZone } from "#domain/time-zones.ts";
import { isSafeText } from "#domain/validation.ts";

// Managing drop links (ADR 097): the owner and admins make a collection's links, change their
// settings, pause, resume and revoke them, and show their address as a QR code. Every change is
// in the activity log, in the transaction that makes it.

const titleSchema = z
  .string()
  .trim()
  .min(1, "titleRequired")
  .refine(isSafeText, "invalidCharacters")
  .pipe(z.string().max(DROP_TITLE_MAX, "titleLong"));
const messageSchema = z
  .string()
  .trim()
  .refine(isSafeText, "invalidCharacters")
  .pipe(z.string().max(DROP_MESSAGE_MAX, "messageLong"))
  .nullable();

/** The settings of a link, each optional: a create's defaults fill the gaps. */
const settings = {
  title: titleSchema.openapi({ description: `1 to ${DROP_TITLE_MAX} characters, trimmed` }),
  message: messageSchema.openapi({
    description: `What the guest page says, at most ${DROP_MESSAGE_MAX} characters; blank or null is none`,
  }),
  deadlineAt: z.number().int().min(0).nullable().openapi({
    description: "No uploads from then on (epoch ms, in the future when set); null: no deadline",
  }),
  timeZone: z.string().max(64).refine(isTimeZone, "invalidTimeZone").openapi({
    description: "The IANA time zone the deadline is shown in (Europe/Rome); UTC when absent",
  }),
  pin: z.string().regex(DROP_PIN_PATTERN, "invalidPin").nullable().openapi({
    description: "4 to 8 digits guests must type; null removes it. Never answered back: see hasPin",
  }),
  askName: z.enum(ASK_NAME_OPTIONS).openapi({
    description: "Whether the guest page asks for a name: off, optional (the default), required",
  }),
  askEmail: z.boolean().openapi({ description: "The guest page offers an email field" }),
  guestMaxFiles: z
    .number()
    .int()
    .min(1)
    .max(GUEST_MAX_FILES_LIMIT)
    .nullable()
    .openapi({
      description: `Files each guest may send, 1 to ${GUEST_MAX_FILES_LIMIT}; null: no limit but the plan's`,
    }),
  guestMaxBytes: z
    .number()
    .int()
    .min(GUEST_MIN_BYTES)
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .openapi({
      description: "Bytes each guest may send, at least 1 MiB; null: no limit but the plan's",
    }),
  guestsSee: z.enum(GUESTS_SEE_OPTIONS).openapi({
    description:
      "nothing (the default): only their own files; collection: the collection, read-only",
  }),
  holdForReview: z.boolean().openapi({
    description: "Guests' files wait for an owner's or admin's review before others see them",
  }),
};

export const CreateDropLinkSchema = z
  .strictObject({
    ...settings,
    message: settings.message.optional(),
    deadlineAt: settings.deadlineAt.optional(),
    timeZone: settings.timeZone.optional(),
    pin: settings.pin.optional(),
    askName: settings.askName.optional(),
    askEmail: settings.askEmail.optional(),
    guestMaxFiles: settings.guestMaxFiles.optional(),
    guestMaxBytes: settings.guestMaxBytes.optional(),
    guestsSee: settings.guestsSee.optional(),
    holdForReview: settings.holdForReview.optional(),
  })
  .openapi("CreateDropLinkRequest");
export type CreateDropLink = z.infer<typeof CreateDropLinkSchema>;

export const DropLinkPatchSchema = z
  .strictObject({
    ...Object.fromEntries(
      Object.entries(settings).map(([name, schema]) => [name, schema.optional()]),
    ),
    status: z.enum(DROP_LINK_STATUSES).optional().openapi({
      description:
        "active (open), paused (guests' uploads stop at their next chunk) or revoked (final)",
    }),
  } as { [K in keyof typeof settings]: z.ZodOptional<(typeof settings)[K]> } & {
    status: z.ZodOptional<z.ZodEnum<{ active: "active"; paused: "paused"; revoked: "revoked" }>>;
  })
  .openapi("DropLinkPatch");
export type DropLinkPatch = z.infer<typeof DropLinkPatchSchema>;

export const DropLinkSchema = z
  .object({
    linkId: z.string(),
    collectionId: z.string(),
    collectionName: z.string(),
    title: z.string(),
    message: z.string().nullable(),
    url: z.string().openapi({ description: "The link's full address: what its QR code holds" }),
    status: z.enum(DROP_LINK_STATUSES),
    state: z.enum(["open", "paused", "revoked", "expired"]).openapi({
      description: "What a guest meets now: only an open link takes files",
    }),
    deadlineAt: z.number().int().nullable(),
    timeZone: z.string(),
    hasPin: z.boolean(),
    askName: z.enum(ASK_NAME_OPTIONS),
    askEmail: z.boolean(),
    guestMaxFiles: z.number().int().nullable(),
    guestMaxBytes: z.number().int().nullable(),
    guestsSee: z.enum(GUESTS_SEE_OPTIONS),
    holdForReview: z.boolean(),
    counts: z
      .object({
        guests: z.number().int(),
        files: z
          .number()
          .int()
          .openapi({ description: "Files sent, processed or being processed" }),
        bytes: z.number().int(),
        held: z.number().int().openapi({ description: "Of those, files waiting for review" }),
      })
      .openapi({ description: "What came through the link; files in the trash are not counted" }),
    createdBy: z
      .object({ userId: z.string(), nickname: z.string() })
      .nullable()
      .openapi({ description: "Who made it; null once they left the team" }),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("DropLink");
export type DropLink = z.infer<typeof DropLinkSchema>;

export interface DropLinkServiceOptions {
  db: Db;
  now: Clock;
  /** The app's public address: a link's full address starts with it. */
  publicUrl: string;
}

function notFound() {
  return new ApiError("notFound", "No such drop link in this team");
}

/** The files of a link that count: sent, not failed or under way, not in the trash. */
function linkFiles(eb: ExpressionBuilder<Database, "drop_links">) {
  return eb
    .selectFrom("files")
    .whereRef("files.drop_link_id", "=", "drop_links.link_id")
    .where("files.status", "in", VISIBLE_FILE_STATUSES)
    .where("files.deleted_at", "is", null);
}

export function createDropLinkService({ db, now, publicUrl }: DropLinkServiceOptions) {
  function requireManager(access: TeamAccess) {
    const actor = actorOf(access);
    if (!canManageDropLinks(actor.role)) {
      throw new ApiError("forbidden", "Only the owner and admins manage drop links");
    }
    return actor;
  }

  /** Links with their collection, creator and counts; only those of collections out of the trash. */
  function selectLinks(teamId: string) {
    return db
      .selectFrom("drop_links")
      .innerJoin("collections", "collections.collection_id", "drop_links.collection_id")
      .leftJoin("members as creators", (join) =>
        join
          .onRef("creators.team_id", "=", "drop_links.team_id")
          .onRef("creators.member_id", "=", "drop_links.created_by"),
      )
      .selectAll("drop_links")
      .select(["collections.name as collection_name", "creators.nickname as creator_nickname"])
      .select((eb) => [
        eb
          .selectFrom("drop_guests")
          .whereRef("drop_guests.link_id", "=", "drop_links.link_id")
          .select((inner) => inner.fn.countAll<number | string>().as("c"))
          .as("guests_count"),
        linkFiles(eb)
          .select((inner) => inner.fn.countAll<number | string>().as("c"))
          .as("files_count"),
        linkFiles(eb)
          .select((inner) =>
            inner.fn.coalesce(inner.fn.sum<number | string>("files.size"), inner.lit(0)).as("s"),
          )
          .as("files_bytes"),
        linkFiles(eb)
          .where("files.review_state", "=", "held")
          .select((inner) => inner.fn.countAll<number | string>().as("c"))
          .as("held_count"),
      ])
      .where("drop_links.team_id", "=", teamId)
      .where("collections.deleted_at", "is", null);
  }

  type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>["executeTakeFirstOrThrow"]>>;

  function toLink(row: LinkRow): DropLink {
    const deadlineAt = row.deadline_at === null ? null : Number(row.deadline_at);
    return {
      linkId: row.link_id,
      collectionId: row.collection_id,
      collectionName: row.collection_name,
      title: row.title,
      message: row.message,
      url: `${publicUrl}${dropPath(row.token)}`,
      status: row.status,
      state: dropLinkState({ status: row.status, deadlineAt }, now()),
      deadlineAt,
      timeZone: row.time_zone,
      hasPin: row.pin_hash !== null,
      askName: row.ask_name,
      askEmail: Boolean(row.ask_email),
      guestMaxFiles: row.guest_max_files === null ? null : Number(row.guest_max_files),
      guestMaxBytes: row.guest_max_bytes === null ? null : Number(row.guest_max_bytes),
      guestsSee: row.guests_see,
      holdForReview: Boolean(row.hold_for_review),
      counts: {
        guests: Number(row.guests_count ?? 0),
        files: Number(row.files_count ?? 0),
        bytes: Number(row.files_bytes ?? 0),
        held: Number(row.held_count ?? 0),
      },
      createdBy:
        row.creator_nickname === null
          ? null
          : { userId: row.created_by, nickname: row.creator_nickname },
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  async function findLink(access: TeamAccess, linkId: string) {
    const row = await selectLinks(access.team.team_id)
      .where("drop_links.link_id", "=", linkId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  function checkDeadline(deadlineAt: number | null | undefined) {
    if (deadlineAt !== null && deadlineAt !== undefined && deadlineAt <= now()) {
      throw new ApiError("invalidInput", "deadlineAt: deadlineInPast");
    }
  }

  async function list(access: TeamAccess, collectionId: string) {
    requireManager(access);
    const collection = await requireVisibleCollection(db, access, collectionId);
    const rows = await selectLinks(access.team.team_id)
      .where("drop_links.collection_id", "=", collection.collection_id)
      .orderBy("drop_links.created_at", "desc")
      .orderBy("drop_links.link_id", "desc")
      .execute();
    return { links: rows.map(toLink) };
  }

  async function listTeam(access: TeamAccess) {
    requireManager(access);
    const rows = await selectLinks(access.team.team_id)
      .orderBy("drop_links.created_at", "desc")
      .orderBy("drop_links.link_id", "desc")
      .execute();
    return { links: rows.map(toLink) };
  }

  async function get(access: TeamAccess, linkId: string) {
    requireManager(access);
    return toLink(await findLink(access, linkId));
  }

  async function create(access: TeamAccess, collectionId: string, input: CreateDropLink) {
    const actor = requireManager(access);
    const collection = await requireVisibleCollection(db, access, collectionId);
    checkDeadline(input.deadlineAt);
    // Hashed before the transaction: on SQLite it holds the one connection.
    const pinHash = input.pin ? await hashPassword(input.pin) : null;
    const at = now();
    const row: DropLinkRow = {
      link_id: randomUUID(),
      team_id: access.team.team_id,
      collection_id: collection.collection_id,
      token: randomBytes(DROP_TOKEN_BYTES).toString("base64url"),
      title: input.title,
      message: input.message || null,
      deadline_at: input.deadlineAt ?? null,
      time_zone: input.timeZone ?? "UTC",
      pin_hash: pinHash,
      ask_name: input.askName ?? "optional",
      ask_email: input.askEmail ? 1 : 0,
      guest_max_files: input.guestMaxFiles ?? null,
      guest_max_bytes: input.guestMaxBytes ?? null,
      guests_see: input.guestsSee ?? DEFAULT_GUESTS_SEE,
      hold_for_review: input.holdForReview ? 1 : 0,
      status: "active",
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
      digest_sent_at: null,
    };
    await db.transaction().execute(async (trx) => {
      // Creates for one collection take turns on its row (a row lock on PostgreSQL, the write
      // lock on SQLite), so the count below still holds when the row goes in; the trash's move
      // of the collection takes the same row.
      const locked = await trx
        .updateTable("collections")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("collection_id", "=", collection.collection_id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) {
        throw new ApiError("notFound", "No such collection in this team");
      }
      const counted = await trx
        .selectFrom("drop_links")
        .select((eb) => eb.fn.countAll<number | string>().as("c"))
        .where("collection_id", "=", collection.collection_id)
        .executeTakeFirst();
      if (Number(counted?.c ?? 0) >= DROP_LINKS_PER_COLLECTION_MAX) {
        throw new ApiError(
          "invalidInput",
          `A collection has at most ${DROP_LINKS_PER_COLLECTION_MAX} drop links`,
          409,
        );
      }
      await trx.insertInto("drop_links").values(row).execute();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "dropLinkCreated",
        targetType: "dropLink",
        targetId: row.link_id,
        targetName: row.title,
        detail: { collectionId: collection.collection_id },
        at,
      });
    });
    return get(access, row.link_id);
  }

  async function update(access: TeamAccess, linkId: string, patch: DropLinkPatch) {
    const actor = requireManager(access);
    const current = await findLink(access, linkId);
    checkDeadline(patch.deadlineAt);
    const pinHash =
      patch.pin === undefined
        ? undefined
        : patch.pin === null
          ? null
          : await hashPassword(patch.pin);
    const changes: Partial<DropLinkRow> = {
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.message !== undefined && { message: patch.message || null }),
      ...(patch.deadlineAt !== undefined && { deadline_at: patch.deadlineAt }),
      ...(patch.timeZone !== undefined && { time_zone: patch.timeZone }),
      ...(pinHash !== undefined && { pin_hash: pinHash }),
      ...(patch.askName !== undefined && { ask_name: patch.askName }),
      ...(patch.askEmail !== undefined && { ask_email: patch.askEmail ? 1 : 0 }),
      ...(patch.guestMaxFiles !== undefined && { guest_max_files: patch.guestMaxFiles }),
      ...(patch.guestMaxBytes !== undefined && { guest_max_bytes: patch.guestMaxBytes }),
      ...(patch.guestsSee !== undefined && { guests_see: patch.guestsSee }),
      ...(patch.holdForReview !== undefined && { hold_for_review: patch.holdForReview ? 1 : 0 }),
    };
    const settingsChanged = Object.keys(changes).length > 0;
    const statusChange =
      patch.status !== undefined && patch.status !== current.status ? patch.status : undefined;
    const at = now();
    await db.transaction().execute(async (trx) => {
      // Revoked is final: the row says so under the update's own condition, so a revoke and an
      // edit at once never both pass.
      const updated = await trx
        .updateTable("drop_links")
        .set({ ...changes, ...(statusChange && { status: statusChange }), updated_at: at })
        .where("link_id", "=", current.link_id)
        .where("status", "!=", "revoked")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        throw new ApiError("invalidInput", "This link is revoked: it can no longer change", 409);
      }
      const entry = {
        teamId: access.team.team_id,
        actorId: actor.userId,
        targetType: "dropLink" as const,
        targetId: current.link_id,
        targetName: changes.title ?? current.title,
        detail: { collectionId: current.collection_id },
        at,
      };
      if (settingsChanged) await recordActivity(trx, { ...entry, kind: "dropLinkChanged" });
      if (statusChange) await recordActivity(trx, { ...entry, kind: statusKind(statusChange) });
    });
    return get(access, current.link_id);
  }

  /** The link's full address as an SVG QR code: what posters and the apps show. */
  async function qrSvg(access: TeamAccess, linkId: string) {
    const link = await get(access, linkId);
    return QRCode.toString(link.url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  }

  return { list, listTeam, get, create, update, qrSvg };
}

function statusKind(status: DropLinkStatus): ActivityKind {
  switch (status) {
    case "paused":
      return "dropLinkPaused";
    case "revoked":
      return "dropLinkRevoked";
    default:
      return "dropLinkResumed";
  }
}

export type DropLinkService = ReturnType<typeof createDropLinkService>;
