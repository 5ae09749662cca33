import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { actorOf, requireTeamMember, requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv, OptionalAuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { patchHook, patchRequestBody } from "#api/http/json-patch.ts";
import {
  consentFields,
  ErrorBodySchema,
  errorResponses,
  inputError,
  jsonBody,
  jsonResponse,
  MemberParams,
  TeamParams,
} from "#api/http/schemas.ts";
import type { InvitationService } from "#api/teams/invitations.ts";
import { MemberPatchSchema, memberChanges } from "#api/teams/member-patch.ts";
import {
  CredentialsSchema,
  MEMBER_PAGE_MAX,
  MemberDetailSchema,
  MemberSchema,
  type MemberService,
} from "#api/teams/members.ts";
import { PAGE_SIZE, USERNAME_SERVER_MIN } from "#domain/constants.ts";
import { ROLES } from "#domain/roles.ts";
import {
  emailSchema,
  nicknameSchema,
  passwordSchema,
  roleSchema,
  usernameSchema,
} from "#domain/validation.ts";

// Members and invitations (docs/product.md#api, Members): /teams/{teamId}/members and
// /teams/{teamId}/invitations. {teamId} is the team's id or one of its aliases.

const security = [{ bearer: [] }];
/** A bearer token, or none (OpenAPI's empty requirement). */
const optionalSecurity: Record<string, string[]>[] = [{ bearer: [] }, {}];
const tags = ["Members"];

const localeSchema = z.enum(["en", "it"]).default("en");

const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEMBER_PAGE_MAX)
    .default(PAGE_SIZE)
    .openapi({
      description: `Members per page, at most ${MEMBER_PAGE_MAX}`,
    }),
  lastKey: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "pagination.lastKey of the page before" }),
  prefix: z
    .string()
    .trim()
    .max(50)
    .optional()
    .openapi({ description: "Only nicknames starting with this (any case)" }),
});

const MemberListSchema = z
  .object({
    pagination: z.object({
      lastKey: z.string().nullable().openapi({ description: "Null on the last page" }),
    }),
    members: z.array(MemberSchema),
  })
  .openapi("MemberList");

const InviteRequest = z
  .strictObject({
    email: emailSchema,
    nickname: nicknameSchema,
    role: roleSchema,
    locale: localeSchema.openapi({ description: "The language of the invitation mail" }),
  })
  .openapi("InviteMemberRequest");

const InternalMemberRequest = z
  .strictObject({
    username: usernameSchema.pipe(z.string().min(USERNAME_SERVER_MIN, "usernameShort")),
    role: z.literal("uploader").optional().openapi({
      description: "Internal members are always uploader",
    }),
    locale: localeSchema,
  })
  .openapi("CreateInternalMemberRequest");

const CreateMemberRequest = z.union([InviteRequest, InternalMemberRequest]).openapi({
  description: "email (an invitation by mail) or username (an internal member)",
});

const InternalMemberCreatedSchema = z
  .object({ member: MemberSchema, credentials: CredentialsSchema })
  .openapi("InternalMemberCreated");

const ResendRequest = z
  .strictObject({ userId: z.string().min(1).max(400) })
  .openapi("ResendInvitationRequest");

const tokenSchema = z.string().trim().min(1).max(200);
const AcceptRequest = z
  .strictObject({
    token: tokenSchema.openapi({ description: "The key of the mailed link" }),
    password: passwordSchema.optional().openapi({
      description: "For a guest without an account, after newInvitedAccountRequired",
    }),
    ageConfirmed: consentFields.ageConfirmed.optional().openapi({
      description: "With the password: the account is made, so the consent is needed (ADR 096)",
    }),
    termsVersion: consentFields.termsVersion.optional(),
    privacyVersion: consentFields.privacyVersion.optional(),
  })
  .openapi("AcceptInvitationRequest");
const RejectRequest = z.strictObject({ token: tokenSchema }).openapi("RejectInvitationRequest");
const PreviewRequest = z.strictObject({ token: tokenSchema }).openapi("InvitationPreviewRequest");
const PreviewResponse = z
  .object({
    teamName: z.string(),
    inviterNickname: z.string().nullable().openapi({
      description: "Who invited, by their name in the team; null once they are no longer in it",
    }),
    email: z.string().openapi({ description: "The invited address" }),
    role: z.enum(ROLES),
  })
  .openapi("InvitationPreview");

const MembershipSchema = z.object({ teamId: z.string(), role: z.enum(ROLES) });
const TokensSchema = z.object({
  IdToken: z.string(),
  TokenType: z.literal("Bearer"),
  AccessToken: z.string(),
  ExpiresIn: z.number().int(),
  RefreshToken: z.string(),
});
const AcceptResponse = z
  .object({
    membership: MembershipSchema,
    auth: z
      .object({ result: TokensSchema })
      .optional()
      .openapi({ description: "When a guest's account was just created: as /auth/signin answers" }),
  })
  .openapi("InvitationAccepted");

const GuestChallengeSchema = ErrorBodySchema.extend({ email: z.string() }).openapi(
  "InvitationChallenge",
  {
    description:
      "authorizationRequired (the email has an account: sign in first) or " +
      "newInvitedAccountRequired (send the password to create the account), with the invited email",
  },
);

const OkSchema = z.object({ ok: z.literal(true) });

const TransferRequest = z
  .strictObject({
    userId: z.string().min(1).max(400).openapi({ description: "The admin who becomes owner" }),
  })
  .openapi("TransferOwnershipRequest");

function routes(auth: MiddlewareHandler<AuthEnv>, maybeAuth: MiddlewareHandler<OptionalAuthEnv>) {
  const signedIn = { tags, security };
  return {
    list: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/members",
      summary: "The team's members by nickname, a page at a time",
      request: { params: TeamParams, query: ListQuery },
      responses: {
        200: jsonResponse("A page of members", MemberListSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    get: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/members/{userId}",
      summary: "One member, with username and (for self and managers) email",
      request: { params: MemberParams },
      responses: {
        200: jsonResponse("The member", MemberDetailSchema),
        ...errorResponses(401, 404),
      },
    }),
    create: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/members",
      summary: "Invite an email, or create an internal member (owner, admin)",
      description:
        "Invitations (and resends) are limited per team (50 a day) and per sender (100 a day), " +
        "whatever the plan: beyond, tooManyRequests with Retry-After.",
      request: { params: TeamParams, body: jsonBody(CreateMemberRequest) },
      responses: {
        201: jsonResponse(
          "The invited Member, or an internal member and its credentials",
          z.union([MemberSchema, InternalMemberCreatedSchema]),
        ),
        502: jsonResponse(
          "cannotSendInvitationEmail: the member was added, the mail failed (member in the body)",
          ErrorBodySchema.extend({ member: MemberSchema }),
        ),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    patch: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "patch",
      path: "/teams/{teamId}/members/{userId}",
      summary: "Change a member's role, nickname or status (JSON Patch)",
      description:
        "/status: disabled (deactivate), banned (ban, owner and admin on anyone but the owner " +
        "and themselves: every call of theirs into the team is refused at once, links they were " +
        "given stop, their tags on collections go, their files stay, and the address cannot be " +
        "invited again until reactivated: memberBanned) or active (reactivate a disabled or " +
        "banned member). ADR 095.",
      request: {
        params: MemberParams,
        body: patchRequestBody(MemberPatchSchema),
      },
      responses: {
        200: jsonResponse("The updated member", MemberSchema),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    remove: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/members/{userId}",
      summary: "Remove a member (owner only); an internal member's account goes too",
      request: { params: MemberParams },
      responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404) },
    }),
    newPassword: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/members/{userId}/new-password",
      summary: "New credentials for an internal member; their sessions end",
      request: { params: MemberParams },
      responses: {
        200: jsonResponse("The credentials", z.object({ credentials: CredentialsSchema })),
        ...errorResponses(401, 403, 404),
      },
    }),
    leave: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/members/@me/leave",
      summary: "Leave the team (any member but the owner and internal members)",
      description:
        "The caller's membership becomes left: every later call into the team is refused " +
        "(notFound), their files and collections stay, and their tags on collections go. The " +
        "owner is refused with ownerCannotLeave (hand the team over first: POST …/owner). The " +
        "address may be invited again. ADR 095.",
      request: { params: TeamParams },
      responses: { 204: { description: "Left" }, ...errorResponses(401, 403, 404, 409) },
    }),
    transfer: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/owner",
      summary: "Hand the team over to another active admin (owner only)",
      description:
        "The admin becomes owner (the team's ownerId and their role) and the owner becomes " +
        "admin. The team's limits follow its owner: when the new owner's plan cannot hold the " +
        "team, the plan's quota code (quotaExceededTeams, quotaExceededStorage, " +
        "quotaExceededMembers, quotaExceededAliases). Self is invalidInput (400); a member who " +
        "is not an active admin, or a transfer that lost a race, invalidInput with 409. ADR 095.",
      request: { params: TeamParams, body: jsonBody(TransferRequest) },
      responses: {
        200: jsonResponse("The new owner", MemberSchema),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    resend: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/invitations/resend",
      summary: "Send an invitation again with a new link (once every 24 hours)",
      description:
        "Counts against the team's and the sender's invitations of the day (tooManyRequests); " +
        "a second resend within 24 hours is invitationResendCooldown.",
      request: { params: TeamParams, body: jsonBody(ResendRequest) },
      responses: {
        200: jsonResponse("The invited member", MemberSchema),
        502: jsonResponse(
          "cannotSendInvitationEmail (member in the body)",
          ErrorBodySchema.extend({ member: MemberSchema }),
        ),
        ...errorResponses(400, 401, 403, 404, 413, 415, 429),
      },
    }),
    accept: createRoute({
      method: "post",
      path: "/teams/{teamId}/invitations/accept",
      tags,
      summary: "Accept an invitation, signed in or as a guest (then with a password)",
      description:
        "The Authorization header is optional. Signed in, the account's email must be the " +
        "invited one (emailMismatch). A guest is asked to sign in when the email has an " +
        "account (authorizationRequired), or for a password (newInvitedAccountRequired).",
      security: optionalSecurity,
      middleware: [maybeAuth] as const,
      request: { params: TeamParams, body: jsonBody(AcceptRequest) },
      responses: {
        200: jsonResponse("Joined", AcceptResponse),
        401: jsonResponse("A guest must sign in or choose a password", GuestChallengeSchema),
        ...errorResponses(400, 403, 404, 409, 410, 413, 415),
      },
    }),
    preview: createRoute({
      method: "post",
      path: "/teams/{teamId}/invitations/preview",
      tags,
      summary: "What an invitation is, before answering it (the token is the credential)",
      description:
        "The team's name, who invited, the invited email and the role, for the page a mailed " +
        "link opens. Changes nothing. A token already answered is invitationAlreadyHandled, an " +
        "expired one expiredToken. A post, so the token stays out of addresses and logs.",
      request: { params: TeamParams, body: jsonBody(PreviewRequest) },
      responses: {
        200: jsonResponse("The invitation", PreviewResponse),
        ...errorResponses(400, 404, 409, 410, 413, 415),
      },
    }),
    reject: createRoute({
      method: "post",
      path: "/teams/{teamId}/invitations/reject",
      tags,
      summary: "Decline an invitation (the token is the credential)",
      request: { params: TeamParams, body: jsonBody(RejectRequest) },
      responses: {
        200: jsonResponse("Declined", OkSchema),
        ...errorResponses(400, 404, 409, 410, 413, 415),
      },
    }),
  };
}

export function memberRoutes({
  db,
  members,
  invitations,
  limiter,
  auth,
  optionalAuth,
}: {
  db: Db;
  members: MemberService;
  invitations: InvitationService;
  limiter: RateLimiter;
  auth: MiddlewareHandler<AuthEnv>;
  optionalAuth: MiddlewareHandler<OptionalAuthEnv>;
}) {
  const r = routes(auth, optionalAuth);
  /**
   * Each invitation mailed, a resend too, counts per sender and per team (a day, every plan)
   * and per address: tooManyRequests with Retry-After beyond (docs/product.md#rate-limits).
   * Counted before the invitation, one atomic count each, so parallel invitations cannot
   * overshoot.
   */
  const countInvitation = (clientIp: string, senderId: string, teamId: string) =>
    limiter.check("invite", clientIp || "unknown", `user:${senderId}`, teamId);
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(r.list, async (c) => {
      const { teamId } = c.req.valid("param");
      const access = await requireTeamPermission(db, teamId, c.var.auth.userId, "read", "member");
      const page = c.req.valid("query");
      return c.json(await members.list(access.team.team_id, page, actorOf(access)), 200);
    })
    .openapi(r.get, async (c) => {
      const { teamId, userId } = c.req.valid("param");
      const access = await requireTeamPermission(db, teamId, c.var.auth.userId, "read", "member");
      const view = await members.get(access.team.team_id, userId);
      return c.json(members.detail(view, actorOf(access)), 200);
    })
    .openapi(
      r.create,
      async (c) => {
        const { teamId } = c.req.valid("param");
        const body = c.req.valid("json");
        const access = await requireTeamPermission(
          db,
          teamId,
          c.var.auth.userId,
          "create",
          "member",
        );
        if ("username" in body) {
          return c.json(await members.createInternal(access, body), 201);
        }
        await countInvitation(c.var.clientIp, c.var.auth.userId, access.team.team_id);
        return c.json(await invitations.invite(access, body), 201);
      },
      // A union's own message says nothing: name the fields of the kind the body is meant to be.
      (result) => {
        if (result.success) return undefined;
        const data = (result as { data?: unknown }).data;
        const internal = typeof data === "object" && data !== null && "username" in data;
        const parsed = (internal ? InternalMemberRequest : InviteRequest).safeParse(data);
        const issues = parsed.success ? result.error.issues : parsed.error.issues;
        throw inputError(issues);
      },
    )
    .openapi(
      r.patch,
      async (c) => {
        const { teamId, userId } = c.req.valid("param");
        const body = c.req.valid("json");
        // Each operation has its own rule; the member-menu rules check them one by one.
        const access = await requireTeamMember(db, teamId, c.var.auth.userId);
        return c.json(await members.patch(access, userId, body), 200);
      },
      // A body the schema refuses answers invalidPatch, or the code of a refused value.
      patchHook(memberChanges),
    )
    .openapi(r.remove, async (c) => {
      const { teamId, userId } = c.req.valid("param");
      const access = await requireTeamPermission(db, teamId, c.var.auth.userId, "delete", "member");
      await members.remove(access, userId);
      return c.body(null, 204);
    })
    .openapi(r.newPassword, async (c) => {
      const { teamId, userId } = c.req.valid("param");
      const access = await requireTeamPermission(
        db,
        teamId,
        c.var.auth.userId,
        "update",
        "member:any",
      );
      return c.json({ credentials: await members.resetPassword(access, userId) }, 200);
    })
    .openapi(r.leave, async (c) => {
      const { teamId } = c.req.valid("param");
      const access = await requireTeamMember(db, teamId, c.var.auth.userId);
      await members.leave(access);
      return c.body(null, 204);
    })
    .openapi(r.transfer, async (c) => {
      const { teamId } = c.req.valid("param");
      const { userId } = c.req.valid("json");
      const access = await requireTeamMember(db, teamId, c.var.auth.userId);
      return c.json(await members.transferOwnership(access, userId), 200);
    })
    .openapi(r.resend, async (c) => {
      const { teamId } = c.req.valid("param");
      const { userId } = c.req.valid("json");
      const access = await requireTeamPermission(db, teamId, c.var.auth.userId, "create", "member");
      await countInvitation(c.var.clientIp, c.var.auth.userId, access.team.team_id);
      return c.json(await invitations.resend(access, userId), 200);
    });

  // Preview, accept and reject need no bearer token: the mailed token is the credential.
  const guests = new OpenAPIHono<OptionalAuthEnv>()
    .openapi(r.preview, async (c) => {
      const { teamId } = c.req.valid("param");
      return c.json(await invitations.preview(teamId, c.req.valid("json").token), 200);
    })
    .openapi(r.accept, async (c) => {
      const { teamId } = c.req.valid("param");
      const body = c.req.valid("json");
      return c.json(await invitations.accept(teamId, body, c.var.auth?.userId), 200);
    })
    .openapi(r.reject, async (c) => {
      const { teamId } = c.req.valid("param");
      await invitations.reject(teamId, c.req.valid("json").token);
      return c.json({ ok: true as const }, 200);
    });

  return new OpenAPIHono().route("/", app).route("/", guests);
}
