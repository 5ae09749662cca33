import { z } from "@hono/zod-openapi";
import type { UsersTable } from "#api/db/schema.ts";
import { patchBodySchema, readPatch } from "#api/http/json-patch.ts";
import { nicknameSchema, personNameSchema, preferredNameSchema } from "#domain/validation.ts";

/**
 * What a profile patch changes: add, replace or remove on each field. Removing (or null) clears
 * a first or last name; the nickname and preferred name are required, so clearing them is
 * refused with their *Required key.
 */
const PROFILE_PATCH = {
  // Each field a few times over.
  maxOperations: 20,
  add: true,
  fields: {
    firstName: { schema: personNameSchema.nullable(), removable: true },
    lastName: { schema: personNameSchema.nullable(), removable: true },
    nickname: { schema: nicknameSchema, removable: true },
    preferredName: { schema: preferredNameSchema, removable: true },
  },
} as const;

export const ProfilePatchSchema = patchBodySchema("ProfilePatch", PROFILE_PATCH, {
  value: z.string().nullable(),
  description:
    "JSON Patch: add, replace or remove on /firstName, /lastName, /nickname, /preferredName",
});

type ProfileColumn = "first_name" | "last_name" | "nickname" | "preferred_name";

/** A profile patch's column changes, or the error it answers (see readPatch). */
export function profileChanges(body: unknown): Partial<Pick<UsersTable, ProfileColumn>> {
  const changes = readPatch(body, PROFILE_PATCH);
  return {
    ...(changes.firstName !== undefined && { first_name: changes.firstName }),
    ...(changes.lastName !== undefined && { last_name: changes.lastName }),
    ...(changes.nickname !== undefined && { nickname: changes.nickname }),
    ...(changes.preferredName !== undefined && { preferred_name: changes.preferredName }),
  };
}
