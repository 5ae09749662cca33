import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { pingDatabase } from "#api/db/database.ts";
import type { Db } from "#api/db/schema.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { jsonResponse } from "#api/http/schemas.ts";

const StatusSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    message: z.string(),
    timestamp: z.number().int().openapi({ description: "Server time, epoch milliseconds" }),
  })
  .openapi("Status");

const route = createRoute({
  method: "get",
  path: "/status",
  tags: ["Status"],
  summary: "Service status, with a real database round trip",
  responses: {
    200: jsonResponse("The service and its database answer", StatusSchema),
    503: jsonResponse("The database does not answer", StatusSchema),
  },
});

export function statusRoutes({ db }: { db: Db }) {
  return new OpenAPIHono<ApiEnv>().openapi(route, async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await pingDatabase(db);
      return c.json(
        { status: "ok" as const, message: "All systems operational", timestamp: Date.now() },
        200,
      );
    } catch (error) {
      c.var.logger.error({ err: error }, "status: database round trip failed");
      return c.json(
        {
          status: "unavailable" as const,
          message: "The database is not answering",
          timestamp: Date.now(),
        },
        503,
      );
    }
  });
}
