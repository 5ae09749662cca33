import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { runsATeam } from "#api/access/teams.ts";
import type { OptionalAuthEnv } from "#api/auth/middleware.ts";
import { pingDatabase } from "#api/db/database.ts";
import type { Db } from "#api/db/schema.ts";
import { jsonResponse } from "#api/http/schemas.ts";
import type { BlobStore } from "#api/storage/index.ts";

const StatusSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    message: z.string(),
    timestamp: z.number().int().openapi({ description: "Server time, epoch milliseconds" }),
    uploadChunkLimitBytes: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "For operators: the smallest tus chunk size clients stepped down to since this process " +
          "started, because a proxy refused larger request bodies with 413 (raise its body limit, " +
          "docs/operations.md). Answered to a caller whose bearer token is an active owner's or " +
          "admin's of some team; null for anyone else, and when no client stepped down",
      }),
  })
  .openapi("Status");

const CheckSchema = z.enum(["ok", "failed"]);

const ReadinessSchema = z
  .object({
    status: z.enum(["ok", "unavailable", "draining"]),
    message: z.string(),
    checks: z.object({ database: CheckSchema, storage: CheckSchema }),
    timestamp: z.number().int().openapi({ description: "Server time, epoch milliseconds" }),
  })
  .openapi("Readiness");

const livenessRoute = (callerIfValid: MiddlewareHandler<OptionalAuthEnv>) =>
  createRoute({
    method: "get",
    path: "/status",
    tags: ["Status"],
    summary: "Liveness: the service answers, with a real database round trip",
    description:
      "Public. A bearer token is optional and never refused: a valid one of a team's owner or " +
      "admin also gets the notes for operators (uploadChunkLimitBytes).",
    security: [{ bearer: [] }, {}],
    middleware: [callerIfValid] as const,
    responses: {
      200: jsonResponse("The service and its database answer", StatusSchema),
      503: jsonResponse("The database does not answer", StatusSchema),
    },
  });

const readyRoute = createRoute({
  method: "get",
  path: "/status/ready",
  tags: ["Status"],
  summary: "Readiness: whether a load balancer should send this instance requests",
  description:
    "Fails while the database or the blob store cannot be reached, and from the moment the " +
    "instance is told to stop (SIGTERM) while it finishes the requests it has.",
  responses: {
    200: jsonResponse("Ready for requests", ReadinessSchema),
    503: jsonResponse(
      "Not ready: a dependency is down, or the instance is draining",
      ReadinessSchema,
    ),
  },
});

/** How long a readiness check waits for each dependency. */
const CHECK_TIMEOUT_MS = 3000;

export interface StatusDependencies {
  db: Db;
  blobs: BlobStore;
  /** True once the host is stopping (SIGTERM): readiness fails so traffic goes elsewhere. */
  draining?: () => boolean;
  /** The smallest chunk size a proxy made clients step down to (ADR 103), or null. */
  uploadChunkLimit?: () => number | null;
  /** Sets `auth` for a valid bearer token, and lets any other caller through anonymous. */
  callerIfValid: MiddlewareHandler<OptionalAuthEnv>;
}

export function statusRoutes({
  db,
  blobs,
  draining = () => false,
  uploadChunkLimit = () => null,
  callerIfValid,
}: StatusDependencies) {
  /** What a proxy taught this process, for a caller who runs a team (ADR 103); else null. */
  async function chunkLimitFor(userId: string | undefined) {
    const limit = uploadChunkLimit();
    if (limit === null || userId === undefined) return null;
    return (await runsATeam(db, userId)) ? limit : null;
  }
  return new OpenAPIHono<OptionalAuthEnv>()
    .openapi(livenessRoute(callerIfValid), async (c) => {
      c.header("Cache-Control", "no-store");
      try {
        await pingDatabase(db);
        return c.json(
          {
            status: "ok" as const,
            message: "All systems operational",
            timestamp: Date.now(),
            uploadChunkLimitBytes: await chunkLimitFor(c.var.auth?.userId),
          },
          200,
        );
      } catch (error) {
        c.var.logger.error({ err: error }, "status: database round trip failed");
        // Nobody is looked up while the database is down.
        return c.json(
          {
            status: "unavailable" as const,
            message: "The database is not answering",
            timestamp: Date.now(),
            uploadChunkLimitBytes: null,
          },
          503,
        );
      }
    })
    .openapi(readyRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      const [database, storage] = await Promise.all([
        check(() => pingDatabase(db)),
        check(() => blobs.ping()),
      ]);
      for (const [name, failure] of [
        ["database", database],
        ["storage", storage],
      ] as const) {
        if (failure) c.var.logger.warn({ err: failure.error }, `readiness: ${name} check failed`);
      }
      const checks = {
        database: database ? ("failed" as const) : ("ok" as const),
        storage: storage ? ("failed" as const) : ("ok" as const),
      };
      const timestamp = Date.now();
      if (draining()) {
        const message = "Stopping: finishing the requests in flight";
        return c.json({ status: "draining" as const, message, checks, timestamp }, 503);
      }
      if (database || storage) {
        const down = [database && "database", storage && "blob store"].filter(Boolean);
        const message = `Not answering: ${down.join(" and ")}`;
        return c.json({ status: "unavailable" as const, message, checks, timestamp }, 503);
      }
      const message = "Ready";
      return c.json({ status: "ok" as const, message, checks, timestamp }, 200);
    });
}

/** Runs one dependency's check: undefined when it answered in time, else why not. */
async function check(probe: () => Promise<unknown>): Promise<{ error: unknown } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return undefined;
  } catch (error) {
    return { error };
  } finally {
    clearTimeout(timer);
  }
}
