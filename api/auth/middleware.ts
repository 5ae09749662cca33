import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import type { SessionStore } from "./sessions.ts";
import type { AccessClaims, TokenService } from "./tokens.ts";

/** The context of a route behind `requireAuth`: who is calling, in which session. */
export interface AuthEnv {
  Variables: ApiEnv["Variables"] & { auth: AccessClaims };
}

/**
 * Asks for `Authorization: Bearer <access token>`: none is `authorizationRequired`; a token that
 * is not ours, has expired, or belongs to a closed session is `notAuthorized`. Routes that need
 * a user put it in their own `middleware`, so nothing is protected by a list of paths.
 */
export function requireAuth({
  tokens,
  sessions,
}: {
  tokens: TokenService;
  sessions: SessionStore;
}) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    if (!match?.[1]) {
      throw new ApiError("authorizationRequired", "Sign in to call this API", 401, {
        "WWW-Authenticate": "Bearer",
      });
    }
    const claims = await tokens.verifyAccess(match[1]);
    if (!(await sessions.isActive(claims.familyId, claims.userId))) {
      throw new ApiError("notAuthorized", "This session has ended; sign in again", 401, {
        "WWW-Authenticate": `Bearer error="invalid_token"`,
      });
    }
    c.set("auth", claims);
    await next();
  });
}
