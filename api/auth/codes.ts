import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Clock } from "#api/clock.ts";
import type { Db, EmailCodePurpose } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";

const HOUR_MS = 60 * 60 * 1000;

/** How long an emailed code works. */
export const CODE_TTL_MS: Record<EmailCodePurpose, number> = {
  verify: 24 * HOUR_MS,
  reset: HOUR_MS,
  changeEmail: 24 * HOUR_MS,
};

/** Tries per code, right or wrong; then it is spent and a new one must be requested. */
export const CODE_MAX_ATTEMPTS = 5;

/** Six digits, as users type them from the mail. */
export const CODE_PATTERN = /^\d{6}$/;

/**
 * Single-use email codes for verifying an address, resetting a password and changing the email
 * (ADR 077). A code is stored as an HMAC under a server key bound to its user and purpose (and
 * the new address it confirms): a million codes are quick to try against a plain hash, not
 * against a key the database does not hold.
 */
export function createCodeStore(db: Db, key: string, now: Clock) {
  const hmacKey = createHmac("sha256", key).update("email-codes/v1").digest();
  const digest = (
    userId: string,
    purpose: EmailCodePurpose,
    code: string,
    newEmail: string | null = null,
  ) =>
    createHmac("sha256", hmacKey)
      .update(`${purpose}:${userId}:${code}${newEmail === null ? "" : `:${newEmail}`}`)
      .digest("base64url");

  return {
    /**
     * Issues a new code, replacing any earlier one of the same purpose. A changeEmail code
     * names the address it confirms.
     */
    async issue(userId: string, purpose: EmailCodePurpose, newEmail: string | null = null) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("email_codes")
          .where("user_id", "=", userId)
          .where("purpose", "=", purpose)
          .execute();
        await trx
          .insertInto("email_codes")
          .values({
            code_id: randomUUID(),
            user_id: userId,
            purpose,
            code_hash: digest(userId, purpose, code, newEmail),
            attempts: 0,
            created_at: at,
            expires_at: at + CODE_TTL_MS[purpose],
            used_at: null,
            new_email: newEmail,
          })
          .execute();
      });
      return code;
    },

    /**
     * Uses up a code: `wrongVerificationCode` when it does not match (or there is none),
     * `expiredVerificationCode` when it expired or its tries ran out. Each try counts, taken
     * before the comparison, so parallel guesses cannot share one try. Answers the address a
     * changeEmail code confirms (null for the other purposes).
     */
    async consume(
      userId: string,
      purpose: EmailCodePurpose,
      code: string,
      { holder = false }: { holder?: boolean } = {},
    ): Promise<string | null> {
      const wrong = () => new ApiError("wrongVerificationCode", "The code is not right");
      const row = await db
        .selectFrom("email_codes")
        .selectAll()
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      if (!row) throw wrong();
      if (row.expires_at <= now()) {
        throw new ApiError("expiredVerificationCode", "The code has expired; ask for a new one");
      }
      // A holder's tries (ADR 084) are bounded by their own budget, not the code's: strangers'
      // wrong guesses never spend the code for the one who asked for it.
      const counted = holder
        ? { numUpdatedRows: 1n }
        : await db
            .updateTable("email_codes")
            .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
            .where("code_id", "=", row.code_id)
            .where("used_at", "is", null)
            .where("attempts", "<", CODE_MAX_ATTEMPTS)
            .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) {
        throw new ApiError(
          "expiredVerificationCode",
          "Too many wrong tries for this code; ask for a new one",
        );
      }
      const expected = Buffer.from(row.code_hash);
      const given = Buffer.from(digest(userId, purpose, code, row.new_email));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw wrong();
      const used = await db
        .updateTable("email_codes")
        .set({ used_at: now() })
        .where("code_id", "=", row.code_id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw wrong();
      return row.new_email;
    },

    /**
     * Whether `code` is the last used code of this purpose: an address already confirmed
     * answers a second click of its link as the first, and any other code as a wrong one, so
     * the answer tells nothing to whoever lacks the code (ADR 084).
     */
    async wasUsed(userId: string, purpose: EmailCodePurpose, code: string) {
      const row = await db
        .selectFrom("email_codes")
        .select(["code_hash", "new_email"])
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("used_at", "is not", null)
        .orderBy("used_at", "desc")
        .executeTakeFirst();
      if (!row) return false;
      const expected = Buffer.from(row.code_hash);
      const given = Buffer.from(digest(userId, purpose, code, row.new_email));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Voids every code of the user: a later sign-up replaces what an earlier one asked. */
    async voidAll(userId: string) {
      await db.deleteFrom("email_codes").where("user_id", "=", userId).execute();
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
