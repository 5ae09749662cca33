import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { SignInProvider } from "#domain/providers.ts";

/** A refresh token is good for 30 days after it was issued; each refresh issues a new one. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a refresh token is stored: 256 random bits need no slow hash. */
export function hashRefreshToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

function notAuthorized(message = "The refresh token is not valid; sign in again") {
  return new ApiError("notAuthorized", message);
}

/**
 * Refresh-token families: each sign-in opens one, each refresh rotates its token, and showing an
 * already-used token again revokes the whole family (the token was copied: RFC 9700, 4.14.2).
 */
export function createSessionStore(db: Db, now: Clock) {
  async function issueToken(familyId: string) {
    const token = randomBytes(32).toString("base64url");
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
      .execute();
    return token;
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
      return { familyId, refreshToken: await issueToken(familyId) };
    },

    /** Swaps a refresh token for a new one of the same family; `notAuthorized` otherwise. */
    async rotate(refreshToken: string) {
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
        .where("refresh_tokens.token_hash", "=", hashRefreshToken(refreshToken))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) throw notAuthorized();
      if (row.expires_at <= now())
        throw notAuthorized("The refresh token has expired; sign in again");
      // Marking it used is the race: of two concurrent refreshes with one token, one wins.
      const marked = await db
        .updateTable("refresh_tokens")
        .set({ used_at: now() })
        .where("token_hash", "=", hashRefreshToken(refreshToken))
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (row.used_at !== null || Number(marked.numUpdatedRows) !== 1) {
        await revoke(row.family_id);
        throw notAuthorized("This refresh token was already used; the session is now closed");
      }
      return {
        userId: row.user_id,
        familyId: row.family_id,
        refreshToken: await issueToken(row.family_id),
      };
    },

    /** Whether a session is still open (access tokens of a revoked one stop working at once). */
    async isActive(familyId: string, userId: string) {
      const row = await db
        .selectFrom("sessions")
        .select("revoked_at")
        .where("family_id", "=", familyId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row !== undefined && row.revoked_at === null;
    },

    revoke,

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
