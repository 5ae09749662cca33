import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { createPlanBook } from "#api/billing/plans.ts";
import type { DropLinkRow } from "#api/db/schema.ts";
import { admitGuest, guestSender } from "#api/drop-links/guests.ts";
import { createUploadUrlSigner } from "#api/storage/upload-urls.ts";
import { createFileUploadService } from "#api/uploads/file-uploads.ts";
import { DROP_TOKEN_BYTES } from "#domain/drop-links.ts";
import { UNLIMITED_PLAN_LIMITS } from "#domain/plans.ts";
import { PUBLIC_URL, type TestApi } from "./api-server.ts";
import type { TestTeam } from "./teams.ts";

// Guests' files sent through the real upload path (ADR 097): a drop link written to the
// database, a guest let in through it (admitGuest), the upload started by the uploads service
// (createForGuest) and its bytes PUT to the upload address over HTTP, as the guest page does,
// then processed by the API's own job queue.

export interface StoredLink {
  linkId: string;
  token: string;
  row: DropLinkRow;
}

export async function insertDropLink(
  api: TestApi,
  team: TestTeam,
  collectionId: string,
  {
    createdBy = team.ownerId,
    title = `Link ${randomUUID().slice(0, 6)}`,
    holdForReview = false,
  }: { createdBy?: string; title?: string; holdForReview?: boolean } = {},
): Promise<StoredLink> {
  const at = api.clock.now();
  const row: DropLinkRow = {
    link_id: randomUUID(),
    team_id: team.teamId,
    collection_id: collectionId,
    token: randomBytes(DROP_TOKEN_BYTES).toString("base64url"),
    title,
    message: null,
    deadline_at: null,
    time_zone: "UTC",
    pin_hash: null,
    ask_name: "optional",
    ask_email: 0,
    guest_max_files: null,
    guest_max_bytes: null,
    guests_see: "nothing",
    hold_for_review: holdForReview ? 1 : 0,
    status: "active",
    created_by: createdBy,
    created_at: at,
    updated_at: at,
    digest_sent_at: null,
  };
  await api.db.insertInto("drop_links").values(row).execute();
  return { linkId: row.link_id, token: row.token, row };
}

const services = new WeakMap<object, ReturnType<typeof createFileUploadService>>();

/** The uploads service over the test API's own database, store, clock and job queue. */
function uploadsOf(api: TestApi) {
  const { deps } = api;
  let uploads = services.get(deps);
  if (!uploads) {
    const now = deps.now ?? (() => Date.now());
    uploads = createFileUploadService({
      db: deps.db,
      uploads: deps.uploadStore,
      jobs: deps.jobs,
      now,
      logger: deps.logger,
      publicUrl: deps.publicUrl,
      signer: createUploadUrlSigner(deps.tokenSigningKey),
      plans: createPlanBook({
        db: deps.db,
        now,
        catalogue: deps.billing?.catalogue ?? null,
        configuredLimits: deps.planLimits ?? UNLIMITED_PLAN_LIMITS,
      }),
    });
    services.set(deps, uploads);
  }
  return uploads;
}

/** A small real JPEG of one colour. */
export async function jpeg(side = 64) {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: { r: Math.floor(Math.random() * 255), g: 120, b: 60 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** Lets one guest in through a link: what their files are sent as. */
export async function guestOf(api: TestApi, link: StoredLink, name: string | null = "Ana") {
  const { guest } = await admitGuest(api.db, api.clock.now, link.row, { name, email: null });
  return guestSender(link.row, guest);
}

/**
 * Sends one file as a guest: starts it, PUTs its bytes to the upload address, and waits for the
 * processing job. Answers the file's id.
 */
export async function sendGuestFile(
  api: TestApi,
  sender: Awaited<ReturnType<typeof guestOf>>,
  {
    name = `Guest ${randomUUID().slice(0, 6)}.jpg`,
    contentType = "image/jpeg",
    content,
  }: { name?: string; contentType?: string; content?: Buffer } = {},
) {
  const bytes = content ?? (await jpeg());
  const { fileId, uploadUrl } = await uploadsOf(api).createForGuest(sender, {
    name,
    contentType,
    size: bytes.length,
  });
  const response = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  if (response.status >= 300) {
    throw new Error(`PUT of a guest's file: ${response.status} ${await response.text()}`);
  }
  await api.jobs.idle();
  return fileId;
}
