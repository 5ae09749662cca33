import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "#api/auth/passwords.ts";
import { admitGuest } from "#api/drop-links/guests.ts";
import {
  DEFAULT_GUESTS_SEE,
  DROP_TOKEN_BYTES,
  type DropLinkStatus,
  type GuestsSee,
} from "#domain/drop-links.ts";
import type { TestApi } from "./api-server.ts";
import type { TestTeam } from "./teams.ts";

// Drop links (ADR 097) written straight to the database, for tests of what guests meet through
// them, without the links' own endpoints.

export interface StoredDropLink {
  linkId: string;
  token: string;
}

export async function insertDropLink(
  api: TestApi,
  team: TestTeam,
  collection: { collectionId: string },
  {
    createdBy = team.ownerId,
    title = `Link ${randomUUID().slice(0, 6)}`,
    guestsSee = DEFAULT_GUESTS_SEE,
    pin,
    status = "active",
    deadlineAt = null,
  }: {
    createdBy?: string;
    title?: string;
    guestsSee?: GuestsSee;
    /** Its PIN, hashed as the links' endpoints hash it; none when absent. */
    pin?: string;
    status?: DropLinkStatus;
    deadlineAt?: number | null;
  } = {},
): Promise<StoredDropLink> {
  const linkId = randomUUID();
  const token = randomBytes(DROP_TOKEN_BYTES).toString("base64url");
  const at = api.clock.now();
  await api.db
    .insertInto("drop_links")
    .values({
      link_id: linkId,
      team_id: team.teamId,
      collection_id: collection.collectionId,
      token,
      title,
      message: null,
      deadline_at: deadlineAt,
      time_zone: "Europe/Rome",
      pin_hash: pin === undefined ? null : await hashPassword(pin),
      ask_name: "off",
      ask_email: 0,
      guest_max_files: null,
      guest_max_bytes: null,
      guests_see: guestsSee,
      hold_for_review: 0,
      status,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
      digest_sent_at: null,
    })
    .execute();
  return { linkId, token };
}

/** Lets a guest in through a stored link, as the guest page does: their credential. */
export async function admitTestGuest(
  api: TestApi,
  link: StoredDropLink,
  name: string | null = null,
) {
  const row = await api.db
    .selectFrom("drop_links")
    .selectAll()
    .where("link_id", "=", link.linkId)
    .executeTakeFirstOrThrow();
  const { credential } = await admitGuest(api.db, api.clock.now, row, { name, email: null });
  return credential;
}
