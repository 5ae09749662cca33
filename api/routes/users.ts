import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AccountService } from "#api/auth/accounts.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { patchHook, patchRequestBody } from "#api/http/json-patch.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import type { AccountDeletionService } from "#api/teams/account-deletion.ts";
import { ProfilePatchSchema, profileChanges } from "#api/users/profile-patch.ts";
import { findUserById, toUser, UserSchema } from "#api/users/users.ts";
import { emailSchema, passwordSchema, signInPasswordSchema } from "#domain/validation.ts";

const security = [{ bearer: [] }];

// `.openapi` exists on schemas made once @hono/zod-openapi is loaded; domain/ may be loaded
// first, so a domain schema is copied here before it is described.
const ChangePasswordRequest = z
  .strictObject({
    currentPassword: signInPasswordSchema.clone().openapi({ description: "The password used now" }),
    newPassword: passwordSchema,
  })
  .openapi("ChangePasswordRequest");
const DoneSchema = z.object({ ok: z.literal(true) });
const DeleteAccountRequest = z
  .strictObject({
    password: signInPasswordSchema.optional().openapi({
      description: "The account's password; required when the account has one",
    }),
    email: emailSchema.optional().openapi({
      description: "For an account without a password (hasPassword false): its email address",
    }),
  })
  .openapi("DeleteAccountRequest");

function routes(auth: MiddlewareHandler<AuthEnv>) {
  return {
    me: createRoute({
      method: "get",
      path: "/users/@me",
      tags: ["Users"],
      summary: "The signed-in user",
      security,
      middleware: [auth] as const,
      responses: { 200: jsonResponse("The user", UserSchema), ...errorResponses(401) },
    }),
    patchMe: createRoute({
      method: "patch",
      path: "/users/@me",
      tags: ["Users"],
      summary: "Change first name, last name, nickname or preferred name (JSON Patch)",
      security,
      middleware: [auth] as const,
      request: {
        body: patchRequestBody(ProfilePatchSchema),
      },
      responses: {
        200: jsonResponse("The updated user", UserSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    changePassword: createRoute({
      method: "post",
      path: "/users/@me/password",
      tags: ["Users"],
      summary:
        "Change the password, naming the current one; every other session ends, this one stays",
      description:
        "A wrong current password is wrongPassword (400); an account without a password (it " +
        "signs in through a provider) is cannotChangePassword (403). Tries are rate-limited " +
        "per address and per account (tooManyRequests). The account's address is told by mail.",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(ChangePasswordRequest) },
      responses: {
        200: jsonResponse("Changed", DoneSchema),
        ...errorResponses(400, 401, 403, 413, 415, 429),
      },
    }),
    deleteAccount: createRoute({
      method: "post",
      path: "/users/@me/deletion",
      tags: ["Users"],
      summary: "Delete the signed-in account, confirmed by its password (or its email address)",
      description:
        "Refused while the account owns a team (accountOwnsTeams, with `teams`), pays a " +
        "subscription (accountHasSubscription), or is an internal member's (forbidden). A " +
        "wrong password is wrongPassword, a wrong email emailMismatch; tries count against " +
        "the same rate limit as changing the password. Memberships and sessions end; uploaded " +
        "files and created collections stay with their teams. The address is told by mail.",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(DeleteAccountRequest) },
      responses: {
        200: jsonResponse("Deleted", DoneSchema),
        ...errorResponses(400, 401, 403, 409, 413, 415, 429),
      },
    }),
  };
}

export function userRoutes({
  db,
  now,
  auth,
  accounts,
  limiter,
  deletion,
}: {
  db: Db;
  now: Clock;
  auth: MiddlewareHandler<AuthEnv>;
  accounts: AccountService;
  limiter: RateLimiter;
  deletion: AccountDeletionService;
}) {
  const { me, patchMe, changePassword, deleteAccount } = routes(auth);
  async function currentUser(userId: string) {
    const user = await findUserById(db, userId);
    // The session was checked a moment ago; the account went away since.
    if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
    return user;
  }
  return new OpenAPIHono<AuthEnv>()
    .openapi(me, async (c) => c.json(toUser(await currentUser(c.var.auth.userId)), 200))
    .openapi(
      patchMe,
      async (c) => {
        const changes = profileChanges(c.req.valid("json"));
        const { userId } = c.var.auth;
        if (Object.keys(changes).length > 0) {
          await db
            .updateTable("users")
            .set({ ...changes, updated_at: now() })
            .where("user_id", "=", userId)
            .execute();
        }
        return c.json(toUser(await currentUser(userId)), 200);
      },
      // A body the schema refuses answers invalidPatch, or the code of a refused value.
      patchHook(profileChanges),
    )
    .openapi(changePassword, async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const { userId, familyId } = c.var.auth;
      // Counted before the check, atomically: parallel tries cannot pass the budget.
      await limiter.check("currentPassword", c.var.clientIp || "unknown", userId);
      await accounts.changePassword({ userId, familyId, currentPassword, newPassword });
      return c.json({ ok: true as const }, 200);
    })
    .openapi(deleteAccount, async (c) => {
      const confirmation = c.req.valid("json");
      const { userId } = c.var.auth;
      await limiter.check("currentPassword", c.var.clientIp || "unknown", userId);
      await deletion.deleteAccount(userId, confirmation);
      return c.json({ ok: true as const }, 200);
    });
}
