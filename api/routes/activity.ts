import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember } from "#api/access/teams.ts";
import { type ActivityServiceOptions, listActivity } from "#api/activity/activity.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import { errorResponses, invalidInputHook, jsonResponse, TeamParams } from "#api/http/schemas.ts";
import {
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_DEFAULT,
  ACTIVITY_PAGE_MAX,
  ACTIVITY_TARGETS,
  type ActivityKind,
  isActivityKind,
} from "#domain/activity.ts";

// The team activity log (ADR 091): GET /teams/{teamId}/activity, owner and admin only.

const security = [{ bearer: [] }];
const tags = ["Activity"];

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An ISO date (`2026-11-28`, a UTC day) or date-time. `end` turns a day into the instant after
 * it, so `to=2026-11-28` takes in the whole day.
 */
function isoInstant(end: boolean) {
  return z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const dateOnly = DATE_ONLY.test(value);
      const parsed = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
      if (Number.isNaN(parsed) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
        context.addIssue({ code: "custom", message: "must be an ISO date such as 2026-11-28" });
        return z.NEVER;
      }
      return dateOnly && end ? parsed + DAY_MS : parsed;
    });
}

const ActivityQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .max(400)
      .optional()
      .transform((value) => value || undefined)
      .openapi({ description: "Only what this user did (their userId)" }),
    kind: z
      .string()
      .max(2000)
      .optional()
      .transform((value, context) => {
        const kinds = (value ?? "")
          .split(",")
          .map((kind) => kind.trim())
          .filter(Boolean);
        const unknown = kinds.filter((kind) => !isActivityKind(kind));
        if (unknown.length) {
          context.addIssue({
            code: "custom",
            message: `unknown kind ${unknown.join(", ")}; one of ${ACTIVITY_KINDS.join(", ")}`,
          });
          return z.NEVER;
        }
        return kinds.length ? (kinds as ActivityKind[]) : undefined;
      })
      .openapi({ description: "Only these kinds, comma-separated" }),
    from: isoInstant(false).openapi({
      description: "At or after this ISO date (a day is UTC) or date-time",
    }),
    to: isoInstant(true).openapi({
      description: "Up to this ISO date, the whole day included, or before this date-time",
    }),
    cursor: z
      .string()
      .max(500)
      .optional()
      .openapi({ description: "nextCursor of the previous page, unchanged" }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ACTIVITY_PAGE_MAX)
      .default(ACTIVITY_PAGE_DEFAULT)
      .openapi({ description: `Entries per page, 1 to ${ACTIVITY_PAGE_MAX}` }),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from < to, {
    error: "must be after from",
    path: ["to"],
  });

const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ActivityItemSchema = z
  .object({
    activityId: z.string(),
    kind: z.enum(ACTIVITY_KINDS),
    at: z.number().int().openapi({ description: "When (epoch ms)" }),
    actor: z
      .object({
        userId: z.string(),
        nickname: z
          .string()
          .nullable()
          .openapi({ description: "The actor's nickname in the team when it acted" }),
      })
      .nullable()
      .openapi({ description: "Null when the system acted (billing, a purge) or a guest" }),
    target: z.object({
      type: z.enum(ACTIVITY_TARGETS),
      id: z.string(),
      name: z.string().nullable().openapi({ description: "Its name when it happened" }),
    }),
    detail: z.record(z.string(), detailValue).openapi({
      description:
        "What else the kind carries: a rename's `from`; a role or plan change's `from` and `to`; an invitation's `email` and `role`",
    }),
  })
  .openapi("ActivityItem");

const ActivityPageSchema = z
  .object({
    items: z.array(ActivityItemSchema),
    nextCursor: z.string().nullable().openapi({ description: "Null on the last page" }),
  })
  .openapi("ActivityPage");

const list = (auth: MiddlewareHandler<AuthEnv>) =>
  createRoute({
    tags,
    security,
    middleware: [auth] as const,
    method: "get",
    path: "/teams/{teamId}/activity",
    summary: "The team's activity log, newest first, a page at a time (owner, admin)",
    request: { params: TeamParams, query: ActivityQuerySchema },
    responses: {
      200: jsonResponse("A page of the activity log", ActivityPageSchema),
      ...errorResponses(400, 401, 403, 404),
    },
  });

export function activityRoutes({
  db,
  auth,
  activity,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  activity: ActivityServiceOptions;
}) {
  return new OpenAPIHono<AuthEnv>().openapi(
    list(auth),
    async (c) => {
      const access = await requireTeamMember(db, c.req.valid("param").teamId, c.var.auth.userId);
      const { actor, kind, from, to, cursor, limit } = c.req.valid("query");
      return c.json(
        await listActivity(activity, access, { actor, kinds: kind, from, to, cursor, limit }),
        200,
      );
    },
    invalidInputHook,
  );
}
