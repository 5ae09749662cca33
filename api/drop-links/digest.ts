import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import { type Db, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import { guestDigestMail } from "#api/mail/templates.ts";
import { unsubscribeToken } from "#api/subscriptions/subscriptions.ts";
import { GUEST_DIGEST_INTERVAL_MS, GUEST_DIGEST_JOB } from "#api/uploads/upload-files.ts";
import { hasTeamAccess } from "#domain/members.ts";

// The digest of guests' files (docs/decisions/099-guest-files-review-and-digest.md): when a
// guest's file arrives, the upload queues one digest job per link (recordGuestFile in
// api/uploads/upload-files.ts). The job counts the files that arrived since the link's last
// digest (digest_sent_at), held ones too, mails the link's creator one message in their
// language, and stamps digest_sent_at: at most one an hour per link. An account whose address
// followed an unsubscribe link (users.notifications_off_at) gets none.

export interface GuestDigestOptions {
  db: Db;
  now: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  productName: string;
  /** The web app's address, for the mail's links. */
  publicUrl: string;
  /** Keys the unsubscribe links, as the early-access list's (api/subscriptions). */
  signingKey: string;
}

/** What arrived through a link since its last digest. */
async function arrivals(db: Db, linkId: string, since: number | null, until: number) {
  let select = db
    .selectFrom("files")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("files"),
      eb.fn.count<number | string>("files.guest_id").distinct().as("guests"),
      eb.fn
        .sum<number | string>(
          eb.case().when("files.content_type", "like", "image/%").then(1).else(0).end(),
        )
        .as("photos"),
      eb.fn
        .sum<number | string>(
          eb.case().when("files.content_type", "like", "video/%").then(1).else(0).end(),
        )
        .as("videos"),
      eb.fn
        .sum<number | string>(
          eb.case().when("files.review_state", "=", "held").then(1).else(0).end(),
        )
        .as("held"),
    ])
    .where("files.drop_link_id", "=", linkId)
    .where("files.status", "in", VISIBLE_FILE_STATUSES)
    .where("files.deleted_at", "is", null)
    // A Live Photo is one item, as the lists show it.
    .where("files.motion_of", "is", null)
    .where("files.created_at", "<=", until);
  if (since !== null) select = select.where("files.created_at", ">", since);
  const row = await select.executeTakeFirstOrThrow();
  const files = Number(row.files);
  const photos = Number(row.photos ?? 0);
  const videos = Number(row.videos ?? 0);
  return {
    files,
    guests: Number(row.guests),
    held: Number(row.held ?? 0),
    kind: photos === files ? "photos" : videos === files ? "videos" : "files",
  } as const;
}

export function createGuestDigest(options: GuestDigestOptions) {
  const { db, now, jobs, mailer, logger } = options;

  function unsubscribeLink(email: string) {
    const query = new URLSearchParams({
      email,
      token: unsubscribeToken(options.signingKey, email),
    });
    return `${options.publicUrl}/unsubscribe?${query}`;
  }

  /** Sends a link's digest when one is due, or puts it off to the end of the hour. */
  async function run(linkId: string) {
    const link = await db
      .selectFrom("drop_links")
      .innerJoin("collections", "collections.collection_id", "drop_links.collection_id")
      .innerJoin("teams", "teams.team_id", "drop_links.team_id")
      .leftJoin("members", (join) =>
        join
          .onRef("members.team_id", "=", "drop_links.team_id")
          .onRef("members.member_id", "=", "drop_links.created_by"),
      )
      .leftJoin("users", "users.user_id", "members.user_id")
      .select([
        "drop_links.link_id",
        "drop_links.title",
        "drop_links.team_id",
        "drop_links.collection_id",
        "drop_links.digest_sent_at",
        "collections.name as collection_name",
        "collections.deleted_at as collection_deleted_at",
        "teams.deleted_at as team_deleted_at",
        "members.status as member_status",
        "users.email",
        "users.locale",
        "users.notifications_off_at",
      ])
      .where("drop_links.link_id", "=", linkId)
      .executeTakeFirst();
    if (!link) return;
    const at = now();
    const sentAt = link.digest_sent_at === null ? null : Number(link.digest_sent_at);
    if (sentAt !== null && at < sentAt + GUEST_DIGEST_INTERVAL_MS) {
      // Another digest went out within the hour: this one waits for the hour's end.
      await jobs.enqueue(
        GUEST_DIGEST_JOB,
        { linkId },
        { runAt: sentAt + GUEST_DIGEST_INTERVAL_MS },
      );
      return;
    }
    const counted = await arrivals(db, linkId, sentAt, at);
    if (counted.files === 0) return;
    const reachable =
      link.email !== null &&
      link.notifications_off_at === null &&
      link.member_status !== null &&
      hasTeamAccess(link.member_status) &&
      link.collection_deleted_at === null &&
      link.team_deleted_at === null;
    if (reachable && link.email !== null) {
      await mailer.send(
        guestDigestMail({
          locale: link.locale === "it" ? "it" : "en",
          productName: options.productName,
          to: link.email,
          link: `${options.publicUrl}/teams/${link.team_id}/collections/${link.collection_id}`,
          unsubscribeLink: unsubscribeLink(link.email),
          collectionName: link.collection_name,
          linkTitle: link.title,
          ...counted,
        }),
      );
    } else {
      logger.info({ linkId }, "drop link digest: its creator takes no mail");
    }
    // Stamped either way: what was counted is not counted again.
    await db
      .updateTable("drop_links")
      .set({ digest_sent_at: at })
      .where("link_id", "=", linkId)
      .execute();
  }

  return { run };
}

/** Registers the digest job on the queue. */
export function registerGuestDigestJob(queue: JobQueue, options: GuestDigestOptions) {
  const digest = createGuestDigest(options);
  queue.register<{ linkId: string }>(GUEST_DIGEST_JOB, {
    run: ({ linkId }) => digest.run(linkId),
  });
}
