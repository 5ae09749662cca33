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
const EmailChangeRequest = z
  .strictObject({
    currentPassword: signInPasswordSchema.clone().openapi({ description: "The password used now" }),
    newEmail: emailSchema.clone().openapi({ description: "The address to change to" }),
  })
  .openapi("EmailChangeRequest");
const EmailChangeConfirmation = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .openapi({ description: "The six-digit code mailed to the new address" }),
  })
  .openapi("EmailChangeConfirmation");
const EmailChangedSchema = z
  .object({ email: z.string().openapi({ description: "The account's address now" }) })
  .openapi("EmailChanged");
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

const SignOutEverywhereQuery = z.strictObject({
  keep: z
    .enum(["current"])
    .optional()
    .openapi({ description: "current: the session asking stays signed in" }),
});

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
    requestEmailChange: createRoute({
      method: "post",
      path: "/users/@me/email",
      tags: ["Users"],
      summary: "Ask to change the email, naming the password; a code is mailed to the new address",
      description:
        "Nothing changes until the code is confirmed (POST /users/@me/email/confirmation). A " +
        "wrong password is wrongPassword (400); an address that has an account (this one's " +
        "too) is userAlreadyExists (409); an account that signs in through a provider is " +
        "cannotChangeEmail (403), an internal member's forbidden (403). Each ask counts " +
        "against the current-password and the change-email rate limits (tooManyRequests). A " +
        "new ask replaces the code of the last one.",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(EmailChangeRequest) },
      responses: {
        202: jsonResponse("A code was mailed to the new address", DoneSchema),
        ...errorResponses(400, 401, 403, 409, 413, 415, 429),
      },
    }),
    confirmEmailChange: createRoute({
      method: "post",
      path: "/users/@me/email/confirmation",
      tags: ["Users"],
      summary: "Confirm the new email with its code; every other session ends, this one stays",
      description:
        "A wrong code is wrongVerificationCode, a spent or expired one expiredVerificationCode " +
        "(5 tries per code, 24 hours). An address that got an account meanwhile is " +
        "userAlreadyExists. The old address is told by mail, naming the new one. Tries count " +
        "against the verify-email rate limit.",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(EmailChangeConfirmation) },
      responses: {
        200: jsonResponse("The email changed", EmailChangedSchema),
        ...errorResponses(400, 401, 403, 409, 410, 413, 415, 429),
      },
    }),
    signOutEverywhere: createRoute({
      method: "delete",
      path: "/users/@me/sessions",
      tags: ["Users"],
      summary: "Sign out everywhere: end every session of the account, on every device",
      description:
        "Every session's access tokens stop working at once and its refresh tokens are " +
        "refused (notAuthorized). With keep=current the session asking stays signed in and " +
        "only the others end (sign out of other devices).",
      security,
      middleware: [auth] as const,
      request: { query: SignOutEverywhereQuery },
      responses: {
        200: jsonResponse("Signed out", DoneSchema),
        ...errorResponses(400, 401),
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
  const {
    me,
    patchMe,
    changePassword,
    requestEmailChange,
    confirmEmailChange,
    signOutEverywhere,
    deleteAccount,
  } = routes(auth);
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
    .openapi(requestEmailChange, async (c) => {
      const { currentPassword, newEmail } = c.req.valid("json");
      const { userId } = c.var.auth;
      const ip = c.var.clientIp || "unknown";
      await limiter.check("currentPassword", ip, userId);
      await limiter.check("changeEmail", ip, userId);
      await accounts.requestEmailChange({ userId, currentPassword, newEmail });
      return c.json({ ok: true as const }, 202);
    })
    .openapi(confirmEmailChange, async (c) => {
      const { code } = c.req.valid("json");
      const { userId, familyId } = c.var.auth;
      // Only a session of the account reaches here: it holds the account (ADR 084).
      await limiter.check("verifyEmailHolder", c.var.clientIp || "unknown", userId);
      const email = await accounts.confirmEmailChange({ userId, familyId, code });
      return c.json({ email }, 200);
    })
    .openapi(signOutEverywhere, async (c) => {
      const { keep } = c.req.valid("query");
      const { userId, familyId } = c.var.auth;
      await accounts.signOutEverywhere({ userId, familyId, keepCurrent: keep === "current" });
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
