import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import {
  HeldFileSchema,
  REVIEW_DECISION_MAX,
  REVIEW_DECISIONS,
  REVIEW_PAGE_MAX,
  type ReviewService,
} from "#api/drop-links/review.ts";
import {
  CollectionParams,
  errorResponses,
  invalidInputHook,
  jsonBody,
  jsonResponse,
  PaginationSchema,
  pageQuery,
} from "#api/http/schemas.ts";

// The review of guests' files held by their drop link (ADR 099): the owner and admins list a
// collection's held files and approve them (they join its lists) or reject them (they go to the
// trash, as a delete sends them). Every other role is forbidden; a non-member finds no team.

const security = [{ bearer: [] }];
const tags = ["Drop links"];

const ReviewQuerySchema = z.object(pageQuery("Held files", REVIEW_PAGE_MAX)).strict();

const ReviewListSchema = z
  .object({
    pagination: PaginationSchema,
    files: z.array(HeldFileSchema).openapi({ description: "Newest first" }),
  })
  .openapi("HeldFileList");

const ReviewDecisionSchema = z
  .object({
    fileIds: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(REVIEW_DECISION_MAX)
      .openapi({ description: `Held files of this collection, 1 to ${REVIEW_DECISION_MAX}` }),
    decision: z.enum(REVIEW_DECISIONS).openapi({
      description:
        "approve: the files join the collection's lists; reject: they go to the trash, as a " +
        "delete sends them",
    }),
  })
  .strict()
  .openapi("ReviewDecision");

const ReviewOutcomeSchema = z
  .object({
    approved: z.number().int().optional().openapi({ description: "Files approved" }),
    rejected: z.number().int().optional().openapi({ description: "Files moved to the trash" }),
    skipped: z
      .number()
      .int()
      .openapi({
        description:
          "Ids left alone: not held files of this collection (reviewed already, another " +
          "collection's, unknown), or given twice",
      }),
  })
  .openapi("ReviewOutcome");

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  const path = "/teams/{teamId}/collections/{collectionId}/review";
  return {
    list: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path,
      summary:
        "A collection's guests' files held for review, newest first (owner and admin); their " +
        "image links work for the caller alone",
      request: { params: CollectionParams, query: ReviewQuerySchema },
      responses: {
        200: jsonResponse("A page of held files", ReviewListSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    decide: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path,
      summary:
        "Approve held files (they join the collection) or reject them (they go to the trash " +
        "for the owner's plan's trashRetentionDays) (owner and admin). Ids that are not held " +
        "files of the collection are skipped",
      request: { params: CollectionParams, body: jsonBody(ReviewDecisionSchema) },
      responses: {
        200: jsonResponse("Decided", ReviewOutcomeSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
  };
}

export function reviewRoutes({
  db,
  auth,
  review,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  review: ReviewService;
}) {
  const r = routes(auth);
  return new OpenAPIHono<AuthEnv>()
    .openapi(
      r.list,
      async (c) => {
        const { teamId, collectionId } = c.req.valid("param");
        const access = await requireTeamMember(db, teamId, c.var.auth.userId);
        c.header("Cache-Control", "private, no-store");
        return c.json(await review.list(access, collectionId, c.req.valid("query")), 200);
      },
      invalidInputHook,
    )
    .openapi(
      r.decide,
      async (c) => {
        const { teamId, collectionId } = c.req.valid("param");
        const access = await requireTeamMember(db, teamId, c.var.auth.userId);
        return c.json(await review.decide(access, collectionId, c.req.valid("json")), 200);
      },
      invalidInputHook,
    );
}
