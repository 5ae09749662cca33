import { z } from "@hono/zod-openapi";
import { ApiError } from "#api/http/errors.ts";
import type { AssignableRole } from "#domain/roles.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import { nicknameSchema, roleSchema } from "#domain/validation.ts";

/** The statuses a patch may set: deactivate (disabled) and reactivate (active). */
export const PATCHABLE_MEMBER_STATUSES = ["disabled", "active"] as const;
export type PatchableMemberStatus = (typeof PATCHABLE_MEMBER_STATUSES)[number];

/** One JSON Patch operation (RFC 6902) of the kinds a member takes. */
export const MemberPatchOperationSchema = z
  .object({
    op: z.literal("replace"),
    path: z.enum(["/role", "/nickname", "/status"]),
    value: z.string(),
  })
  .openapi("MemberPatchOperation");

export const MemberPatchSchema = z.array(MemberPatchOperationSchema).openapi("MemberPatch", {
  description:
    `JSON Patch: replace /role (${ASSIGNABLE_ROLES.join(", ")}), /nickname, or /status ` +
    `(${PATCHABLE_MEMBER_STATUSES.join(" or ")}); each checked against the member-menu rules`,
});

export type MemberChange =
  | { field: "role"; value: AssignableRole }
  | { field: "nickname"; value: string }
  | { field: "status"; value: PatchableMemberStatus };

/** As the profile: a few operations at most. */
const MAX_OPERATIONS = 10;

/**
 * Turns a member patch into changes, in order. Anything but replace on /role, /nickname or
 * /status, a status other than disabled or active, or a malformed operation is `invalidPatch`;
 * a role or nickname the domain rules refuse is `invalidInput` naming the field and message key.
 */
export function memberChanges(body: unknown): MemberChange[] {
  const invalid = (message: string) => new ApiError("invalidPatch", message);
  if (!Array.isArray(body)) throw invalid("The body must be a JSON Patch array of operations");
  if (body.length > MAX_OPERATIONS) throw invalid(`At most ${MAX_OPERATIONS} operations`);
  const changes: MemberChange[] = [];
  const problems: string[] = [];
  for (const [index, operation] of body.entries()) {
    if (typeof operation !== "object" || operation === null) {
      throw invalid(`Operation ${index} is not an object`);
    }
    const { op, path, value } = operation as Record<string, unknown>;
    if (op !== "replace") throw invalid(`Operation ${index}: only replace is allowed`);
    if (value === undefined) throw invalid(`Operation ${index}: replace needs a value`);
    if (path === "/status") {
      if (!(PATCHABLE_MEMBER_STATUSES as readonly unknown[]).includes(value)) {
        throw invalid(`Operation ${index}: status can only become disabled or active`);
      }
      changes.push({ field: "status", value: value as PatchableMemberStatus });
    } else if (path === "/role") {
      const parsed = roleSchema.safeParse(value);
      if (parsed.success) changes.push({ field: "role", value: parsed.data });
      else problems.push(...parsed.error.issues.map((issue) => `role: ${issue.message}`));
    } else if (path === "/nickname") {
      const parsed = nicknameSchema.safeParse(value);
      if (parsed.success) changes.push({ field: "nickname", value: parsed.data });
      else problems.push(...parsed.error.issues.map((issue) => `nickname: ${issue.message}`));
    } else {
      throw invalid(`Operation ${index}: ${String(path)} cannot be changed`);
    }
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
