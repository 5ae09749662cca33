import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "#api/auth/passwords.ts";
import type { Db, DropLinkRow } from "#api/db/schema.ts";
import { DROP_TOKEN_BYTES } from "#domain/drop-links.ts";

// Drop links (ADR 097) written straight to the database, with a fresh token: for tests of the
// guest side, and of anything that needs a link in a given state, without the links' own API.

export interface TestDropLink extends DropLinkRow {
  /** The PIN as typed, when the link has one. */
  pin: string | null;
}

/**
 * A link to `collection`, made by `creator` (a member's user id), open, with no PIN, deadline
 * or limits, unless `overrides` say otherwise. `pin` is the PIN as typed: it is stored hashed.
 * Takes the test API (or anything with its `db`), or a database.
 */
export async function createDropLink(
  target: Db | { db: Db },
  {
    collection,
    creator,
    pin = null,
    ...overrides
  }: {
    collection: { teamId: string; collectionId: string };
    creator: string;
    pin?: string | null;
  } & Partial<Omit<DropLinkRow, "team_id" | "collection_id" | "created_by" | "pin_hash">>,
): Promise<TestDropLink> {
  const db = "selectFrom" in target ? target : target.db;
  const at = Date.now();
  const row: DropLinkRow = {
    link_id: randomUUID(),
    team_id: collection.teamId,
    collection_id: collection.collectionId,
    token: randomBytes(DROP_TOKEN_BYTES).toString("base64url"),
    title: "Photos of the day",
    message: null,
    deadline_at: null,
    time_zone: "Europe/Rome",
    pin_hash: pin === null ? null : await hashPassword(pin),
    ask_name: "off",
    ask_email: 0,
    guest_max_files: null,
    guest_max_bytes: null,
    guests_see: "nothing",
    hold_for_review: 0,
    status: "active",
    created_by: creator,
    created_at: at,
    updated_at: at,
    digest_sent_at: null,
    ...overrides,
  };
  await db.insertInto("drop_links").values(row).execute();
  return { ...row, pin };
}
