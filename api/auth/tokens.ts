import { createHash, createHmac, randomUUID } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import type { Clock } from "#api/clock.ts";
import { ApiError } from "#api/http/errors.ts";

/** Access and ID tokens live 15 minutes; the refresh token gets new ones. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The new-password challenge's session: long enough to choose a password. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** A sign-up's proof lasts as long as its first verification code: a day (ADR 029). */
export const SIGN_UP_PROOF_TTL_SECONDS = 24 * 60 * 60;
/** A known device stays known for a year after its last sign-in (ADR 081). */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

const ALGORITHM = "HS256";
const VERIFIED_LIMIT = 10_000;

/** What each kind of token is for; a token of one kind is refused where another is expected. */
type TokenUse = "access" | "id" | "challenge" | "sign_up" | "device";

export interface TokenUser {
  user_id: string;
  username: string;
  email: string | null;
  email_verified: 0 | 1;
  nickname: string | null;
  team_id: string | null;
}

/**
 * The tokens of a sign-in, as its result carries them (docs/product.md#entities; RefreshToken is
 * added by the caller).
 */
export interface IssuedTokens {
  IdToken: string;
  AccessToken: string;
  TokenType: "Bearer";
  /** Seconds. */
  ExpiresIn: number;
}

export interface AccessClaims {
  userId: string;
  /** The refresh-token family (session) this token belongs to. */
  familyId: string;
}

/**
 * Signs and verifies the API's own JWTs with the token signing key. The HMAC key is derived
 * from it, so the same secret signing disk-blob links never signs a token.
 */
export function createTokenService({
  signingKey,
  issuer,
  now,
}: {
  signingKey: string;
  issuer: string;
  now: Clock;
}) {
  const key = new Uint8Array(createHmac("sha256", signingKey).update("api-tokens/v1").digest());
  const seconds = () => Math.floor(now() / 1000);

  function sign(use: TokenUse, subject: string, ttl: number, claims: JWTPayload) {
    const issuedAt = seconds();
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setIssuer(issuer)
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(key);
  }

  /** The payload of a valid token of `use`; throws jose's errors otherwise. */
  async function verify(token: string, use: TokenUse, allowExpired = false) {
    const options = {
      algorithms: [ALGORITHM],
      issuer,
      currentDate: new Date(now()),
      requiredClaims: ["sub", "exp", "iat"],
    };
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, options));
    } catch (error) {
      // The signature was checked before the expiry, so an expired token's payload is ours.
      if (!(allowExpired && error instanceof errors.JWTExpired)) throw error;
      payload = error.payload;
    }
    if (payload.token_use !== use || typeof payload.sub !== "string") {
      throw new errors.JWTInvalid("wrong kind of token");
    }
    return payload as JWTPayload & { sub: string };
  }

  /**
   * Access tokens already verified, until they expire: a signed-in page asks the API several
   * times with the same token, and checking its signature was 3 % of a files page
   * (docs/performance.md#server-throughput). Only what the signature proves is kept; whether the
   * session is still alive is asked every time (auth middleware). Bounded: past VERIFIED_LIMIT the
   * oldest is forgotten.
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  function remember(token: string, claims: AccessClaims, expiresAt: number) {
    if (expiresAt <= seconds()) return;
    verified.set(token, { claims, expiresAt });
    if (verified.size > VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
  }

  return {
    async issue(user: TokenUser, familyId: string): Promise<IssuedTokens> {
      const common = { username: user.username, sid: familyId };
      const [AccessToken, IdToken] = await Promise.all([
        sign("access", user.user_id, ACCESS_TOKEN_TTL_SECONDS, common),
        sign("id", user.user_id, ACCESS_TOKEN_TTL_SECONDS, {
          ...common,
          email: user.email ?? undefined,
          email_verified: user.email ? user.email_verified === 1 : undefined,
          nickname: user.nickname ?? undefined,
          team_id: user.team_id ?? undefined,
        }),
      ]);
      return { IdToken, AccessToken, TokenType: "Bearer", ExpiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },

    /**
     * The user and session of an access token; `notAuthorized` when it is not a valid one of ours.
     * With allowExpired an expired but genuine token still names its session (for sign-out).
     */
    async verifyAccess(token: string, { allowExpired = false } = {}): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known && (allowExpired || seconds() < known.expiresAt)) return known.claims;
      try {
        const payload = await verify(token, "access", allowExpired);
        if (typeof payload.sid !== "string") throw new errors.JWTInvalid("no session");
        const claims = { userId: payload.sub, familyId: payload.sid };
        remember(token, claims, payload.exp ?? 0);
        return claims;
      } catch (error) {
        if (!(error instanceof errors.JOSEError)) throw error;
        const expired = error instanceof errors.JWTExpired;
        throw new ApiError(
          "notAuthorized",
          expired ? "The access token has expired" : "The access token is not valid",
          401,
          { "WWW-Authenticate": `Bearer error="invalid_token"` },
        );
      }
    },

    /**
     * The session of a new-password challenge: who it is for, signed, short-lived, and bound to
     * the password it was issued for, so a newer password an admin generates ends it (ADR 085).
     */
    signChallenge(userId: string, passwordHash: string | null) {
      return sign("challenge", userId, CHALLENGE_TTL_SECONDS, {
        pwd: passwordFingerprint(passwordHash),
      });
    },

    /**
     * A sign-up's proof (ADR 029): handed to the client that signed up, and only to it, so that
     * client alone can be signed in when the address is confirmed. Bound to the user and email.
     */
    signSignUpProof(userId: string, email: string, passwordHash: string) {
      return sign("sign_up", userId, SIGN_UP_PROOF_TTL_SECONDS, {
        email,
        pw: passwordFingerprint(passwordHash),
      });
    },

    /**
     * What `proof` is for this user and email: `current` from the sign-up that set the password
     * the account has now; `stale` from an earlier sign-up whose password a later one replaced
     * (ADR 084); `none` when it is no live proof of theirs.
     */
    async signUpProofOf(
      proof: string | undefined,
      userId: string,
      email: string,
      passwordHash: string | null,
    ): Promise<"current" | "stale" | "none"> {
      if (proof === undefined) return "none";
      try {
        const payload = await verify(proof, "sign_up");
        if (payload.sub !== userId || payload.email !== email) return "none";
        return passwordHash !== null && payload.pw === passwordFingerprint(passwordHash)
          ? "current"
          : "stale";
      } catch (error) {
        if (error instanceof errors.JOSEError) return "none";
        throw error;
      }
    },

    /**
     * A known device (ADR 081): handed to a client that signed in with the account's password,
     * so its later sign-ins to that account are spared the account's budget. `deviceId` keeps a
     * device's id from one sign-in to the next.
     */
    signDevice(userId: string, deviceId: string = randomUUID()) {
      return sign("device", userId, DEVICE_TTL_SECONDS, { did: deviceId });
    },

    /** The id of the device `token` names, when it is a live device token of this user. */
    async deviceOf(token: string | undefined, userId: string | undefined) {
      if (token === undefined) return undefined;
      try {
        const payload = await verify(token, "device");
        return payload.sub === userId && typeof payload.did === "string" ? payload.did : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },

    /**
     * The user a challenge session is for, and the fingerprint of the password it was issued for;
     * `expiredToken` or `notAuthorized` otherwise.
     */
    async verifyChallenge(session: string): Promise<{ userId: string; password: string }> {
      try {
        const payload = await verify(session, "challenge");
        if (typeof payload.pwd !== "string") throw new errors.JWTInvalid("no password");
        return { userId: payload.sub, password: payload.pwd };
      } catch (error) {
        if (!(error instanceof errors.JOSEError)) throw error;
        if (error instanceof errors.JWTExpired) {
          throw new ApiError("expiredToken", "This session has expired; sign in again");
        }
        throw new ApiError("notAuthorized", "This session is not valid; sign in again");
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * What a token says of the password it was issued for: a digest of its argon2 hash (itself
 * salted and slow), which changes whenever the password does. A new-password challenge and a
 * sign-up proof carry it, and stop working when the password changes.
 */
export function passwordFingerprint(passwordHash: string | null) {
  return createHash("sha256")
    .update(passwordHash ?? "")
    .digest("base64url")
    .slice(0, 22);
}
