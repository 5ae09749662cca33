import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember, requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { patchHook, patchRequestBody } from "#api/http/json-patch.ts";
import {
  epochMs,
  errorResponses,
  issuesText,
  jsonBody,
  jsonResponse,
  listQueryHook,
  PaginationSchema,
  pageQuery,
  TeamParams,
  withDateRange,
} from "#api/http/schemas.ts";
import type { TeamDeletionService } from "#api/team-deletion/team-deletion.ts";
import type { AliasService } from "#api/teams/aliases.ts";
import { TeamPatchSchema, teamChanges } from "#api/teams/team-patch.ts";
import { SORT_ORDERS, TeamListItemSchema, TeamSchema, type TeamService } from "#api/teams/teams.ts";
import { DEFAULT_SORT, NAME_MAX } from "#domain/constants.ts";
import { TEAM_MODES } from "#domain/roles.ts";
import {
  aliasSchema,
  optionalNicknameSchema,
  teamDescriptionSchema,
  teamNameSchema,
} from "#domain/validation.ts";

// Teams (docs/product.md#api, Teams): the caller's teams, one team, creating and changing a team,
// and its aliases. A team is named by its id or any of its aliases; one the caller is not an
// active member of answers notFound, exactly like one that does not exist.

const security = [{ bearer: [] }];

/** The most teams one page holds. */
const PAGE_MAX = 100;

const TeamListQuerySchema = withDateRange(
  z.object({
    ...pageQuery("Teams", PAGE_MAX),
    prefix: z.string().trim().max(NAME_MAX).optional().openapi({
      description: "Only names starting with this, in any case",
    }),
    from: epochMs.optional().openapi({ description: "Created at or after (epoch ms)" }),
    to: epochMs.optional().openapi({ description: "Created at or before (epoch ms)" }),
    sort: z.enum(SORT_ORDERS).default(DEFAULT_SORT).openapi({
      description: "By creation time (then id): desc (newest first, the default) or asc",
    }),
    deleted: z
      .enum(["true", "false"])
      .optional()
      .openapi({
        description:
          "true: the caller's own deleted teams, each until its teamPurgeAt, which its owner " +
          "may restore (ADR 094); the live teams otherwise",
      }),
  }),
);

const TeamListSchema = z
  .object({ pagination: PaginationSchema, teams: z.array(TeamListItemSchema) })
  .openapi("TeamList");

const CreateTeamRequest = z
  .strictObject({
    name: teamNameSchema,
    description: teamDescriptionSchema,
    // .describe, not .openapi: a domain schema may be built before zod-openapi extends zod.
    nickname: optionalNicknameSchema.describe(
      "The creator's nickname in the team; their own when absent",
    ),
    mode: z.enum(TEAM_MODES).optional().openapi({ description: "collaborative when absent" }),
  })
  .openapi("CreateTeamRequest");

const CreateTeamResponse = z.object({ teamId: z.string() }).openapi("CreatedTeam");

const CreateAliasRequest = z
  .strictObject({
    alias: aliasSchema.describe(
      "3 to 30 lowercase letters, digits and hyphens, no hyphen at either end",
    ),
    star: z.boolean().optional().openapi({
      description: "Make it the favourite alias (the default; a first alias always is)",
    }),
  })
  .openapi("CreateAliasRequest");

const AliasSchema = z.object({ alias: z.string() }).openapi("Alias");

const DeleteTeamRequest = z
  .strictObject({
    name: z
      .string()
      .max(1000)
      .openapi({
        description:
          "The team's name, typed to confirm: compared trimmed and case-sensitively; another " +
          "answers teamNameMismatch",
      }),
  })
  .openapi("DeleteTeamRequest");

const DeletedTeamSchema = z
  .object({
    teamId: z.string(),
    deletedAt: z.number().int().openapi({ description: "Epoch ms" }),
    purgeAt: z.number().int().openapi({
      description: "Epoch ms: until then its owner may restore it; then it is gone for good",
    }),
  })
  .openapi("DeletedTeam");

const RestoredTeamSchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    restoredAt: z.number().int().openapi({ description: "Epoch ms" }),
  })
  .openapi("RestoredTeam");

const TeamDeletionSummarySchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    collectionsCount: z.number().int(),
    filesCount: z.number().int(),
    filesBytes: z.number().int().openapi({
      description: "Bytes of its files: they count against the owner's storage until the purge",
    }),
    purgeAt: z.number().int().openapi({
      description: "When the team would be gone for good if it were deleted now (epoch ms)",
    }),
  })
  .openapi("TeamDeletionSummary");

const RestoreParams = z.object({
  teamId: z.string().min(1).max(200).openapi({ description: "The deleted team's id" }),
});

function routes(auth: MiddlewareHandler<AuthEnv>) {
  return {
    list: createRoute({
      method: "get",
      path: "/teams",
      tags: ["Teams"],
      summary: "The teams the caller is an active member of, a page at a time",
      security,
      middleware: [auth] as const,
      request: { query: TeamListQuerySchema },
      responses: {
        200: jsonResponse("A page of teams", TeamListSchema),
        ...errorResponses(400, 401),
      },
    }),
    get: createRoute({
      method: "get",
      path: "/teams/{teamId}",
      tags: ["Teams"],
      summary: "One team, by id or alias",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams },
      responses: {
        200: jsonResponse("The team", TeamSchema),
        ...errorResponses(401, 404),
      },
    }),
    create: createRoute({
      method: "post",
      path: "/teams",
      tags: ["Teams"],
      summary: "Create a team (global users); the caller becomes its owner",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(CreateTeamRequest) },
      responses: {
        201: jsonResponse("The new team's id", CreateTeamResponse),
        ...errorResponses(400, 401, 403),
      },
    }),
    patch: createRoute({
      method: "patch",
      path: "/teams/{teamId}",
      tags: ["Teams"],
      summary: "Rename a team, change its description or mode (JSON Patch; owner and admin)",
      security,
      middleware: [auth] as const,
      request: {
        params: TeamParams,
        body: patchRequestBody(TeamPatchSchema),
      },
      responses: {
        200: jsonResponse("The updated team", TeamSchema),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    createAlias: createRoute({
      method: "post",
      path: "/teams/{teamId}/aliases",
      tags: ["Teams"],
      summary: "Give the team a new alias (owner only); aliases never change",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams, body: jsonBody(CreateAliasRequest) },
      responses: {
        201: jsonResponse("The alias, as stored (lowercase)", AliasSchema),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    deletion: createRoute({
      method: "get",
      path: "/teams/{teamId}/deletion",
      tags: ["Teams"],
      summary: "What deleting the team would take with it (owner only)",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams },
      responses: {
        200: jsonResponse("The team's counts and the purge date", TeamDeletionSummarySchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    delete: createRoute({
      method: "delete",
      path: "/teams/{teamId}",
      tags: ["Teams"],
      summary:
        "Delete the team (owner only), its name typed to confirm: it is missing for everyone " +
        "at once, and purged with everything in it after 30 days unless restored (ADR 094)",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams, body: jsonBody(DeleteTeamRequest) },
      responses: {
        202: jsonResponse("Deleted; the purge is scheduled", DeletedTeamSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    restore: createRoute({
      method: "post",
      path: "/teams/{teamId}/restore",
      tags: ["Teams"],
      summary:
        "Restore a deleted team before its purge (its owner only; anyone else: notFound), " +
        "everything as it was",
      security,
      middleware: [auth] as const,
      request: { params: RestoreParams },
      responses: {
        200: jsonResponse("Restored", RestoredTeamSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
  };
}

export function teamRoutes({
  db,
  auth,
  teams,
  aliases,
  deletion,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  teams: TeamService;
  aliases: AliasService;
  deletion: TeamDeletionService;
}) {
  const r = routes(auth);
  return new OpenAPIHono<AuthEnv>()
    .openapi(
      r.list,
      async (c) => {
        const { prefix, deleted, ...query } = c.req.valid("query");
        return c.json(
          await teams.list(c.var.auth.userId, {
            ...query,
            prefix: prefix || undefined,
            deleted: deleted === "true",
          }),
          200,
        );
      },
      listQueryHook(SORT_ORDERS),
    )
    .openapi(r.get, async (c) => {
      const { userId } = c.var.auth;
      const access = await requireTeamPermission(
        db,
        c.req.valid("param").teamId,
        userId,
        "read",
        "team",
      );
      return c.json(await teams.view(access.team, access.member), 200);
    })
    .openapi(
      r.create,
      async (c) => c.json(await teams.create(c.var.auth.userId, c.req.valid("json")), 201),
      // A name the rules refuse is invalidTeamName; anything else invalidInput.
      (result) => {
        if (result.success) return undefined;
        const name = result.error.issues.some((issue) => issue.path[0] === "name");
        throw new ApiError(
          name ? "invalidTeamName" : "invalidInput",
          issuesText(result.error.issues),
        );
      },
    )
    .openapi(
      r.patch,
      async (c) => {
        const changes = teamChanges(c.req.valid("json"));
        const { userId } = c.var.auth;
        const { team, member } = await requireTeamPermission(
          db,
          c.req.valid("param").teamId,
          userId,
          "update",
          "team",
        );
        return c.json(await teams.view(await teams.update(team, userId, changes), member), 200);
      },
      // A body the schema refuses answers invalidPatch, or the code of a refused value.
      patchHook(teamChanges),
    )
    .openapi(r.createAlias, async (c) => {
      const { userId } = c.var.auth;
      const { team } = await requireTeamPermission(
        db,
        c.req.valid("param").teamId,
        userId,
        "create",
        "teamAlias",
      );
      return c.json(await aliases.create(team, userId, c.req.valid("json")), 201);
    })
    .openapi(r.deletion, async (c) => {
      const access = await requireTeamMember(db, c.req.valid("param").teamId, c.var.auth.userId);
      return c.json(await deletion.summary(access), 200);
    })
    .openapi(r.delete, async (c) => {
      const { userId } = c.var.auth;
      const access = await requireTeamMember(db, c.req.valid("param").teamId, userId);
      return c.json(await deletion.deleteTeam(access, userId, c.req.valid("json").name), 202);
    })
    .openapi(r.restore, async (c) =>
      c.json(await deletion.restore(c.var.auth.userId, c.req.valid("param").teamId), 200),
    );
}
