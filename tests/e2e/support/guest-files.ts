import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { appUrl } from "../../../playwright.config.ts";

/*
 * Guests' files in the running app (ADR 097, ADR 099): a drop link written to the app's own
 * database, as other e2e support seeds data, and then everything through the guest API a phone
 * uses: the guest comes in (POST /api/drops/{token}/guests), starts each file
 * (POST /api/drops/{token}/files) and PUTs its bytes to the upload address; the app's own finish
 * and processing run (recordGuestFile: the activity entry and the digest job).
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
  /** The link's token, and the credential its guest entry answered. */
  token: string;
  credential: string;
  name: string | null;
  hold: boolean;
}

/** A drop link of a collection made by `createdBy`, and one guest let in through it. */
export async function seedDropLink(
  teamId: string,
  collectionId: string,
  createdBy: string,
  { title, hold, guestName }: { title: string; hold: boolean; guestName: string | null },
): Promise<SeededGuest> {
  const db = appDatabase();
  const at = Date.now();
  const linkId = randomUUID();
  const token = randomBytes(DROP_TOKEN_BYTES).toString("base64url");
  try {
    db.prepare(
      `INSERT INTO drop_links (link_id, team_id, collection_id, token, title, message, deadline_at,
        time_zone, pin_hash, ask_name, ask_email, guest_max_files, guest_max_bytes, guests_see,
        hold_for_review, status, created_by, created_at, updated_at, digest_sent_at)
       VALUES (?, ?, ?, ?, ?, NULL, NULL, 'UTC', NULL, 'optional', 0, NULL, NULL, 'nothing', ?,
        'active', ?, ?, ?, NULL)`,
    ).run(linkId, teamId, collectionId, token, title, hold ? 1 : 0, createdBy, at, at);
  } finally {
    db.close();
  }
  const entered = await fetch(`${appUrl}/api/drops/${token}/guests`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(guestName === null ? {} : { name: guestName }),
  });
  if (entered.status !== 201) throw new Error(`entry: ${entered.status} ${await entered.text()}`);
  const { guestToken } = (await entered.json()) as { guestToken: string };
  return { linkId, token, credential: guestToken, name: guestName, hold };
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
export async function sendGuestFile(guest: SeededGuest, file: string, name = path.basename(file)) {
  const bytes = fs.readFileSync(file);
  const started = await fetch(`${appUrl}/api/drops/${guest.token}/files`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${guest.credential}` },
    body: JSON.stringify({ name, contentType: "image/jpeg", size: bytes.length }),
  });
  if (!started.ok) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
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
