import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "#api/clock.ts";
import type { Db, DropGuestRow, DropLinkRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { closedLinkError, type GuestSender } from "#api/uploads/file-uploads.ts";
import { DROP_TOKEN_PATTERN, dropLinkState } from "#domain/drop-links.ts";
import { hasTeamAccess } from "#domain/members.ts";

// Who comes through a drop link (ADR 097): the link an address names, whether it takes files now,
// and the guests it has let in, each known by a credential only the guest holds.

/** Random bytes in a guest's credential; base64url, 43 characters. */
const GUEST_CREDENTIAL_BYTES = 32;

export function hashGuestCredential(credential: string) {
  return createHash("sha256").update(credential).digest("hex");
}

/**
 * The link a token names, while guests may reach it: its collection and team are out of the
 * trash, and its creator may still enter the team. Anything else answers as no link at all.
 * Whether it takes files now is `dropLinkState`'s: see requireOpenLink.
 */
export async function findLinkByToken(db: Db, token: string): Promise<DropLinkRow> {
  if (!DROP_TOKEN_PATTERN.test(token)) throw new ApiError("notFound", "There is no such link");
  return findLiveLink(db, "drop_links.token", token);
}

/** A link by its id, on the same terms as findLinkByToken. */
export function findLinkById(db: Db, linkId: string): Promise<DropLinkRow> {
  return findLiveLink(db, "drop_links.link_id", linkId);
}

async function findLiveLink(
  db: Db,
  column: "drop_links.token" | "drop_links.link_id",
  value: string,
): Promise<DropLinkRow> {
  const row = await db
    .selectFrom("drop_links")
    .innerJoin("collections", "collections.collection_id", "drop_links.collection_id")
    .innerJoin("teams", "teams.team_id", "drop_links.team_id")
    .leftJoin("members as creators", (join) =>
      join
        .onRef("creators.team_id", "=", "drop_links.team_id")
        .onRef("creators.member_id", "=", "drop_links.created_by"),
    )
    .selectAll("drop_links")
    .select("creators.status as creator_status")
    .where(column, "=", value)
    .where("collections.deleted_at", "is", null)
    .where("teams.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new ApiError("notFound", "There is no such link");
  const { creator_status: creatorStatus, ...link } = row;
  if (creatorStatus === null || !hasTeamAccess(creatorStatus)) {
    throw new ApiError("notFound", "There is no such link");
  }
  return link;
}

/** A link that takes files now, or the error that says why it does not. */
export function requireOpenLink(link: DropLinkRow, now: number) {
  const state = dropLinkState({ status: link.status, deadlineAt: link.deadline_at }, now);
  if (state !== "open") throw closedLinkError(state);
  return link;
}

/** Lets a guest in through a link: their row, and the credential that only they are given. */
export async function admitGuest(
  db: Db,
  now: Clock,
  link: DropLinkRow,
  who: { name: string | null; email: string | null },
) {
  const credential = randomBytes(GUEST_CREDENTIAL_BYTES).toString("base64url");
  const guest: DropGuestRow = {
    guest_id: randomUUID(),
    link_id: link.link_id,
    token_hash: hashGuestCredential(credential),
    name: who.name,
    email: who.email,
    created_at: now(),
  };
  await db.insertInto("drop_guests").values(guest).execute();
  return { guest, credential };
}

/**
 * The guest a credential names on this link. A credential for another link, or none, is
 * `authorizationRequired`: the page asks the guest in again (their PIN, their name).
 */
export async function requireGuest(
  db: Db,
  link: DropLinkRow,
  credential: string | null | undefined,
): Promise<DropGuestRow> {
  const guest = credential
    ? await db
        .selectFrom("drop_guests")
        .selectAll()
        .where("token_hash", "=", hashGuestCredential(credential))
        .where("link_id", "=", link.link_id)
        .executeTakeFirst()
    : undefined;
  if (!guest) {
    throw new ApiError("authorizationRequired", "Come in through the link's page first");
  }
  return guest;
}

/** What the uploads need to know of a guest to start their file. */
export function guestSender(link: DropLinkRow, guest: DropGuestRow): GuestSender {
  return { guestId: guest.guest_id, name: guest.name, link };
}
