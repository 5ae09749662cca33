import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import { readOncePerPage } from "#api/http/page-reads.ts";
import type { SessionStore } from "./sessions.ts";
import type { AccessClaims, TokenService } from "./tokens.ts";

/** The context of a route behind `requireAuth`: who is calling, in which session. */
export interface AuthEnv {
  Variables: ApiEnv["Variables"] & { auth: AccessClaims };
}

/** The context of a route where signing in is optional: `auth` is there when a token was sent. */
export interface OptionalAuthEnv {
  Variables: ApiEnv["Variables"] & { auth?: AccessClaims };
}

interface AuthDependencies {
  tokens: TokenService;
  sessions: SessionStore;
}

/** The claims of a bearer token whose session is still open; `notAuthorized` otherwise. */
async function verifyBearer(token: string, { tokens, sessions }: AuthDependencies) {
  const claims = await tokens.verifyAccess(token);
  const active = await readOncePerPage(`session ${claims.familyId} ${claims.userId}`, () =>
    sessions.isActive(claims.familyId, claims.userId),
  );
  if (!active) {
    throw new ApiError("notAuthorized", "This session has ended; sign in again", 401, {
      "WWW-Authenticate": `Bearer error="invalid_token"`,
    });
  }
  return claims;
}

const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];

/**
 * Asks for `Authorization: Bearer <access token>`: none is `authorizationRequired`; a token that
 * is not ours, has expired, or belongs to a closed session is `notAuthorized`. Routes that need
 * a user put it in their own `middleware`, so nothing is protected by a list of paths.
 */
export function requireAuth(deps: AuthDependencies) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) {
      throw new ApiError("authorizationRequired", "Sign in to call this API", 401, {
        "WWW-Authenticate": "Bearer",
      });
    }
    c.set("auth", await verifyBearer(token, deps));
    await next();
  });
}

/**
 * For routes a guest may call too (accepting an invitation): without an Authorization header the
 * caller is a guest; with one, it must be valid exactly as `requireAuth` asks.
 */
export function optionalAuth(deps: AuthDependencies) {
  return createMiddleware<OptionalAuthEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    if (header !== undefined) {
      const token = bearerToken(header);
      if (!token) {
        throw new ApiError("notAuthorized", "The Authorization header is not a bearer token", 401, {
          "WWW-Authenticate": "Bearer",
        });
      }
      c.set("auth", await verifyBearer(token, deps));
    }
    await next();
  });
}

/**
 * For public routes that tell some callers more (GET /api/status): a valid bearer token sets
 * `auth`; none, or one that is not valid, leaves the caller anonymous, so the route answers
 * whatever is sent, as a health check must.
 */
export function authIfValid(deps: AuthDependencies) {
  return createMiddleware<OptionalAuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (token) {
      const claims = await verifyBearer(token, deps).catch(() => undefined);
      if (claims) c.set("auth", claims);
    }
    await next();
  });
}
