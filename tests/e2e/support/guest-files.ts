import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { appUrl } from "../../../playwright.config.ts";

/*
 * Guests' files in the running app (ADR 097, ADR 099), as other e2e support seeds data: a drop
 * link and its guest written to the app's own database, and each file sent through the app's
 * upload path. The upload starts as its link's creator (a guest's file is the creator's,
 * uploaded_by), is marked with the link, the guest and, when the link holds uploads, 'held',
 * as a guest's start marks it; then its bytes are PUT to the upload address, and the app's own
 * finish and processing run (recordGuestFile: the activity entry and the digest job).
 */

/** domain/drop-links.ts's DROP_TOKEN_BYTES: a link's token, 24 characters of base64url. */
const DROP_TOKEN_BYTES = 18;

function appDatabase() {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export interface SeededGuest {
  linkId: string;
  guestId: string;
  name: string | null;
  hold: boolean;
}

/** A drop link of a collection made by `createdBy`, and one guest let in through it. */
export function seedDropLink(
  teamId: string,
  collectionId: string,
  createdBy: string,
  { title, hold, guestName }: { title: string; hold: boolean; guestName: string | null },
): SeededGuest {
  const db = appDatabase();
  const at = Date.now();
  const linkId = randomUUID();
  const guestId = randomUUID();
  try {
    db.prepare(
      `INSERT INTO drop_links (link_id, team_id, collection_id, token, title, message, deadline_at,
        time_zone, pin_hash, ask_name, ask_email, guest_max_files, guest_max_bytes, guests_see,
        hold_for_review, status, created_by, created_at, updated_at, digest_sent_at)
       VALUES (?, ?, ?, ?, ?, NULL, NULL, 'UTC', NULL, 'optional', 0, NULL, NULL, 'nothing', ?,
        'active', ?, ?, ?, NULL)`,
    ).run(
      linkId,
      teamId,
      collectionId,
      randomBytes(DROP_TOKEN_BYTES).toString("base64url"),
      title,
      hold ? 1 : 0,
      createdBy,
      at,
      at,
    );
    db.prepare(
      "INSERT INTO drop_guests (guest_id, link_id, token_hash, name, email, created_at) VALUES (?, ?, ?, ?, NULL, ?)",
    ).run(guestId, linkId, randomBytes(32).toString("hex"), guestName, at);
  } finally {
    db.close();
  }
  return { linkId, guestId, name: guestName, hold };
}

/** The member id of the account with this address. */
export function userIdOf(email: string): string {
  const db = appDatabase();
  try {
    const row = db.prepare("SELECT user_id FROM users WHERE email = ?").get(email) as {
      user_id: string;
    };
    return row.user_id;
  } finally {
    db.close();
  }
}

/** Sends one file as `guest` through its link (see above); answers the file's id. */
export async function sendGuestFile(
  creatorToken: string,
  teamId: string,
  collectionId: string,
  guest: SeededGuest,
  file: string,
  name = path.basename(file),
) {
  const bytes = fs.readFileSync(file);
  const started = await fetch(`${appUrl}/api/teams/${teamId}/collections/${collectionId}/files`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${creatorToken}` },
    body: JSON.stringify({ name, contentType: "image/jpeg", size: bytes.length }),
  });
  if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
  const db = appDatabase();
  try {
    db.prepare(
      "UPDATE files SET drop_link_id = ?, guest_id = ?, guest_name = ?, review_state = ? WHERE file_id = ?",
    ).run(guest.linkId, guest.guestId, guest.name, guest.hold ? "held" : null, fileId);
  } finally {
    db.close();
  }
  const put = await fetch(new URL(uploadUrl, appUrl), { method: "PUT", body: bytes });
  if (!put.ok) throw new Error(`put: ${put.status} ${await put.text()}`);
  return fileId;
}

/** Waits until a file is processed (ready), held or not. */
export async function waitForFileReady(fileId: string) {
  for (let tries = 0; tries < 150; tries++) {
    const db = appDatabase();
    try {
      const row = db.prepare("SELECT status FROM files WHERE file_id = ?").get(fileId) as {
        status: string;
      };
      if (row.status === "ready") return;
    } finally {
      db.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`file ${fileId} was not processed in time`);
}
