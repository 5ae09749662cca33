import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import { earlyAccessMail, type MailLocale } from "#api/mail/templates.ts";

/*
 * Early-access subscriptions (docs/product.md#landing) and leaving them. Each address has its
 * own unsubscribe token, an HMAC of the address under the token signing key: links in mail need
 * no stored secret, can't be guessed for another address, and stay valid as long as the key.
 * Unsubscribing marks the address at once and a job deletes it (within 5 days).
 */

export const CONFIRM_SUBSCRIPTION_JOB = "subscriptions.confirm";
export const DELETE_SUBSCRIPTION_JOB = "subscriptions.delete";

/** The unsubscribe token of `email` (already lowercased by the schema). */
export function unsubscribeToken(signingKey: string, email: string): string {
  return createHmac("sha256", signingKey)
    .update(`unsubscribe:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

export interface SubscriptionServiceOptions {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  now: Clock;
  signingKey: string;
  productName: string;
  /** The web app's address, for the mail's links. */
  publicUrl: string;
}

export function createSubscriptionService({
  db,
  jobs,
  mailer,
  now,
  signingKey,
  productName,
  publicUrl,
}: SubscriptionServiceOptions) {
  function unsubscribeLink(email: string) {
    const query = new URLSearchParams({ email, token: unsubscribeToken(signingKey, email) });
    return `${publicUrl}/unsubscribe?${query}`;
  }

  jobs.register<{ email: string }>(CONFIRM_SUBSCRIPTION_JOB, {
    async run({ email }) {
      const row = await db
        .selectFrom("subscriptions")
        .select(["locale", "unsubscribed_at"])
        .where("email", "=", email)
        .executeTakeFirst();
      // Gone, or left before the mail went out: nothing to confirm.
      if (!row || row.unsubscribed_at !== null) return;
      await mailer.send(
        earlyAccessMail({
          locale: (row.locale === "it" ? "it" : "en") satisfies MailLocale,
          productName,
          to: email,
          link: `${publicUrl}/`,
          unsubscribeLink: unsubscribeLink(email),
        }),
      );
    },
  });

  jobs.register<{ email: string }>(DELETE_SUBSCRIPTION_JOB, {
    async run({ email }) {
      // Only if still unsubscribed: whoever subscribed again since stays.
      await db
        .deleteFrom("subscriptions")
        .where("email", "=", email)
        .where("unsubscribed_at", "is not", null)
        .execute();
    },
  });

  return {
    unsubscribeLink,

    /**
     * Subscribes `email`, recording the terms and privacy versions accepted, and mails a
     * confirmation. An address already on the list is answered the same and mailed the
     * confirmation again (its versions and time stay), so the answer tells no one who is
     * subscribed; an address that left and comes back is welcome again.
     */
    async subscribe(input: {
      email: string;
      termsVersion: string;
      privacyVersion: string;
      locale: MailLocale;
    }) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("subscriptions")
          .select("unsubscribed_at")
          .where("email", "=", input.email)
          .executeTakeFirst();
        if (!existing || existing.unsubscribed_at !== null) {
          const row = {
            terms_version: input.termsVersion,
            privacy_version: input.privacyVersion,
            locale: input.locale,
            created_at: at,
            unsubscribed_at: null,
          };
          await trx
            .insertInto("subscriptions")
            .values({ email: input.email, ...row })
            .onConflict((oc) => oc.column("email").doUpdateSet(row))
            .execute();
        }
        await jobs.enqueue(CONFIRM_SUBSCRIPTION_JOB, { email: input.email }, { db: trx });
      });
      jobs.wake();
    },

    /**
     * Unsubscribes `email` when `token` is its own: `invalidUnsubscribe` otherwise. Answers the
     * same whether or not the address was subscribed, so a link tells nothing about others.
     */
    async unsubscribe(email: string, token: string) {
      const expected = Buffer.from(unsubscribeToken(signingKey, email));
      const given = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError("invalidUnsubscribe", "This unsubscribe link is not valid");
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable("subscriptions")
          .set({ unsubscribed_at: at })
          .where("email", "=", email)
          .where("unsubscribed_at", "is", null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) > 0) {
          await jobs.enqueue(DELETE_SUBSCRIPTION_JOB, { email }, { db: trx });
        }
        // The same link stops notification mail to an account at this address (ADR 099).
        await trx
          .updateTable("users")
          .set({ notifications_off_at: at })
          .where("email", "=", email)
          .where("notifications_off_at", "is", null)
          .execute();
      });
      jobs.wake();
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
