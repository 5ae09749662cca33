import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "#api/clock.ts";
import { fixedQuery } from "#api/db/fixed-query.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { SignInProvider } from "#domain/providers.ts";

/** A refresh token is good for 30 days after it was issued; each refresh issues a new one. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a used refresh token still answers with the token that replaced it: two tabs, or a
 * prefetch and a navigation, refresh with one token at the same moment (ADR 023).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/** Only the SHA-256 of a refresh token is stored: 256 random bits need no slow hash. */
export function hashRefreshToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

function notAuthorized(message = "The refresh token is not valid; sign in again") {
  return new ApiError("notAuthorized", message);
}

/** A session's revocation time (null while open), if the session exists. */
const sessionState = fixedQuery((db: Db, familyId: string, userId: string) =>
  db
    .selectFrom("sessions")
    .select("revoked_at")
    .where("family_id", "=", familyId)
    .where("user_id", "=", userId),
);

/**
 * Refresh-token families: each sign-in opens one, each refresh rotates its token, and showing an
 * already-used token again revokes the whole family (the token was copied: RFC 9700, 4.14.2),
 * unless it comes back within the grace period and its successor is still unused.
 *
 * A token's successor is an HMAC of it under a key derived from the token signing key, so
 * whoever refreshes with it, on whichever instance, gets the same one, and only its hash is
 * stored; the first token of a family is random.
 */
export function createSessionStore(db: Db, key: string, now: Clock) {
  const successorKey = createHmac("sha256", key).update("refresh-successor/v1").digest();
  const successorOf = (token: string) =>
    createHmac("sha256", successorKey).update(token).digest("base64url");

  /** Stores a token of the family; storing the same one again (a successor) changes nothing. */
  async function storeToken(familyId: string, token: string) {
    const at = now();
    await db
      .insertInto("refresh_tokens")
      .values({
        token_hash: hashRefreshToken(token),
        family_id: familyId,
        created_at: at,
        expires_at: at + REFRESH_TOKEN_TTL_MS,
        used_at: null,
      })
      .onConflict((oc) => oc.column("token_hash").doNothing())
      .execute();
    return token;
  }

  /**
   * Marks a token used. Null when this call did; when another use came first, its instant. Of
   * two refreshes racing on PostgreSQL, the row lock makes the second UPDATE see the first's.
   */
  async function markUsed(tokenHash: string) {
    const at = now();
    const marked = await db
      .updateTable("refresh_tokens")
      .set({ used_at: at })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 1) return null;
    const row = await db
      .selectFrom("refresh_tokens")
      .select("used_at")
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row?.used_at ?? at;
  }

  /** A used token may answer again: within the grace period, while its successor is unused. */
  async function mayRepeat(usedAt: number, successor: string) {
    if (now() - usedAt > REFRESH_REUSE_GRACE_MS) return false;
    const row = await db
      .selectFrom("refresh_tokens")
      .select("used_at")
      .where("token_hash", "=", hashRefreshToken(successor))
      .executeTakeFirst();
    return !row || row.used_at === null;
  }

  async function revoke(familyId: string) {
    await db
      .updateTable("sessions")
      .set({ revoked_at: now() })
      .where("family_id", "=", familyId)
      .where("revoked_at", "is", null)
      .execute();
  }

  return {
    /** Opens a session for a sign-in; answers its family id and first refresh token. */
    async open(userId: string, provider: SignInProvider) {
      const familyId = randomUUID();
      await db
        .insertInto("sessions")
        .values({
          family_id: familyId,
          user_id: userId,
          provider,
          created_at: now(),
          revoked_at: null,
        })
        .execute();
      return {
        familyId,
        refreshToken: await storeToken(familyId, randomBytes(32).toString("base64url")),
      };
    },

    /**
     * Swaps a refresh token for its successor in the same family; `notAuthorized` otherwise.
     * A token used within the grace period answers the successor it already gave.
     */
    async rotate(refreshToken: string) {
      const tokenHash = hashRefreshToken(refreshToken);
      const row = await db
        .selectFrom("refresh_tokens")
        .innerJoin("sessions", "sessions.family_id", "refresh_tokens.family_id")
        .select([
          "refresh_tokens.family_id",
          "refresh_tokens.expires_at",
          "refresh_tokens.used_at",
          "sessions.user_id",
          "sessions.revoked_at",
        ])
        .where("refresh_tokens.token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) throw notAuthorized();
      if (row.expires_at <= now())
        throw notAuthorized("The refresh token has expired; sign in again");
      const successor = successorOf(refreshToken);
      const usedAt = row.used_at ?? (await markUsed(tokenHash));
      if (usedAt !== null && !(await mayRepeat(usedAt, successor))) {
        await revoke(row.family_id);
        throw notAuthorized("This refresh token was already used; the session is now closed");
      }
      // The first use stores it; a repeat racing the first may get here before the first does.
      await storeToken(row.family_id, successor);
      return { userId: row.user_id, familyId: row.family_id, refreshToken: successor };
    },

    /** Whether a session is still open (access tokens of a revoked one stop working at once). */
    async isActive(familyId: string, userId: string) {
      const row = await sessionState.first(db, familyId, userId);
      return row !== undefined && row.revoked_at === null;
    },

    revoke,

    /**
     * Closes every session of a user but `keep` (after a password change: the one that changed
     * it stays signed in).
     */
    async revokeOthers(userId: string, keep: string) {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now() })
        .where("user_id", "=", userId)
        .where("family_id", "!=", keep)
        .where("revoked_at", "is", null)
        .execute();
    },

    /** Closes every session of a user (after a password reset). */
    async revokeAll(userId: string) {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now() })
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
