import { z } from "@hono/zod-openapi";
import type { TeamsTable } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { invalidPatch, patchOperations, valueIssues } from "#api/http/json-patch.ts";
import { TEAM_MODES } from "#domain/roles.ts";
import { teamDescriptionSchema, teamNameSchema } from "#domain/validation.ts";

/** One JSON Patch operation (RFC 6902) of the kinds a team takes. */
export const TeamPatchOperationSchema = z
  .object({
    op: z.enum(["replace", "remove"]),
    path: z.enum(["/name", "/description", "/mode"]),
    value: z.string().nullable().optional(),
  })
  .openapi("TeamPatchOperation");

/** What the route declares; `teamChanges` checks each operation itself to answer invalidPatch. */
export const TeamPatchSchema = z.array(TeamPatchOperationSchema).openapi("TeamPatch", {
  description:
    "JSON Patch: replace on /name, /description or /mode (collaborative or controlled); " +
    "remove on /description",
});

export type TeamChanges = Partial<Pick<TeamsTable, "name" | "description" | "mode">>;

/** The most operations one patch may hold: each field a few times over. */
const MAX_OPERATIONS = 20;

const modeSchema = z.enum(TEAM_MODES, { error: "must be collaborative or controlled" });

/**
 * Turns a team patch into column changes. Anything but replace on /name, /description, /mode
 * or remove on /description, or a malformed operation, is `invalidPatch`. A name the domain
 * rules refuse is `invalidTeamName`; any other refused value `invalidInput`. Both name the
 * field and the message key, like every other validation error.
 */
export function teamChanges(body: unknown): TeamChanges {
  const changes: TeamChanges = {};
  const nameProblems: string[] = [];
  const problems: string[] = [];
  for (const { index, op, path, value, hasValue } of patchOperations(body, MAX_OPERATIONS)) {
    if (op === "remove" && path === "/description") {
      changes.description = null;
      continue;
    }
    if (op !== "replace") {
      throw invalidPatch(
        `Operation ${index}: only replace, and remove on /description, are allowed`,
      );
    }
    if (!hasValue) throw invalidPatch(`Operation ${index}: replace needs a value`);
    if (path === "/name") {
      const parsed = teamNameSchema.safeParse(value);
      if (parsed.success) changes.name = parsed.data;
      else nameProblems.push(...valueIssues("name", parsed.error));
    } else if (path === "/description") {
      // A blank or null description is none.
      const parsed = teamDescriptionSchema.safeParse(value ?? undefined);
      if (parsed.success) changes.description = parsed.data ?? null;
      else problems.push(...valueIssues("description", parsed.error));
    } else if (path === "/mode") {
      const parsed = modeSchema.safeParse(value);
      if (parsed.success) changes.mode = parsed.data;
      else problems.push(...valueIssues("mode", parsed.error));
    } else {
      throw invalidPatch(`Operation ${index}: ${String(path)} cannot be changed`);
    }
  }
  if (nameProblems.length) {
    throw new ApiError("invalidTeamName", [...nameProblems, ...problems].join("; "));
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
