import { z } from "@hono/zod-openapi";
import { noneAsNull, type PatchChanges, patchBodySchema, readPatch } from "#api/http/json-patch.ts";
import { TEAM_MODES } from "#domain/roles.ts";
import { teamDescriptionSchema, teamNameSchema } from "#domain/validation.ts";

/**
 * What a team patch changes: replace on /name (a refused name is `invalidTeamName`),
 * /description (blank or null is none; remove too) and /mode.
 */
const TEAM_PATCH = {
  // Each field a few times over.
  maxOperations: 20,
  fields: {
    name: { schema: teamNameSchema, refusedAs: "invalidTeamName" },
    description: { schema: noneAsNull(teamDescriptionSchema), removable: true },
    mode: { schema: z.enum(TEAM_MODES, { error: "must be collaborative or controlled" }) },
  },
} as const;

export const TeamPatchSchema = patchBodySchema("TeamPatch", TEAM_PATCH, {
  value: z.string().nullable(),
  description:
    "JSON Patch: replace on /name, /description or /mode (collaborative or controlled); " +
    "remove on /description",
});

export type TeamChanges = PatchChanges<typeof TEAM_PATCH.fields>;

/** A team patch's column changes, or the error it answers (see readPatch). */
export function teamChanges(body: unknown): TeamChanges {
  return readPatch(body, TEAM_PATCH);
}
