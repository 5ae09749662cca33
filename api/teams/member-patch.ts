import { z } from "@hono/zod-openapi";
import { type PatchChange, patchBodySchema, readPatchSteps } from "#api/http/json-patch.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import { nicknameSchema, roleSchema } from "#domain/validation.ts";

/**
 * The statuses a patch may set: deactivate (disabled), ban (banned, ADR 095) and reactivate
 * (active).
 */
export const PATCHABLE_MEMBER_STATUSES = ["disabled", "banned", "active"] as const;

/**
 * What a member patch changes, in order: replace on /role, /nickname and /status. A status
 * other than disabled, banned or active is no patch a member takes (`invalidPatch`); whether the caller
 * may make each change is the member-menu rules' (the member service).
 */
const MEMBER_PATCH = {
  // As the profile: a few operations at most.
  maxOperations: 10,
  fields: {
    role: { schema: roleSchema },
    nickname: { schema: nicknameSchema },
    status: {
      schema: z.enum(PATCHABLE_MEMBER_STATUSES, {
        error: "can only become disabled, banned or active",
      }),
      refusedAs: "invalidPatch",
    },
  },
} as const;

export const MemberPatchSchema = patchBodySchema("MemberPatch", MEMBER_PATCH, {
  value: z.string(),
  description:
    `JSON Patch: replace /role (${ASSIGNABLE_ROLES.join(", ")}), /nickname, or /status ` +
    `(${PATCHABLE_MEMBER_STATUSES.join(" or ")}); each checked against the member-menu rules`,
});

export type MemberChange = PatchChange<typeof MEMBER_PATCH.fields>;

/** A member patch's changes in order, or the error it answers (see readPatchSteps). */
export function memberChanges(body: unknown): MemberChange[] {
  return readPatchSteps(body, MEMBER_PATCH);
}
