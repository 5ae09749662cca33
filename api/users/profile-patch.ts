import { z } from "@hono/zod-openapi";
import type { UsersTable } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { nicknameSchema, personNameSchema, preferredNameSchema } from "#domain/validation.ts";

/** One JSON Patch operation (RFC 6902) of the kinds the profile takes. */
export const ProfilePatchOperationSchema = z
  .object({
    op: z.enum(["add", "replace", "remove"]),
    path: z.enum(["/firstName", "/lastName", "/nickname", "/preferredName"]),
    value: z.string().nullable().optional(),
  })
  .openapi("ProfilePatchOperation");

/** What the route declares; the handler checks each operation itself to answer invalidPatch. */
export const ProfilePatchSchema = z.array(ProfilePatchOperationSchema).openapi("ProfilePatch", {
  description:
    "JSON Patch: add, replace or remove on /firstName, /lastName, /nickname, /preferredName",
});

type ProfileColumn = "first_name" | "last_name" | "nickname" | "preferred_name";

const FIELDS: Record<
  string,
  { column: ProfileColumn; schema: z.ZodType<string | null>; required: string | null }
> = {
  "/firstName": { column: "first_name", schema: personNameSchema, required: null },
  "/lastName": { column: "last_name", schema: personNameSchema, required: null },
  "/nickname": { column: "nickname", schema: nicknameSchema, required: "nicknameRequired" },
  "/preferredName": {
    column: "preferred_name",
    schema: preferredNameSchema,
    required: "preferredNameRequired",
  },
};

/** The most operations one patch may hold: each field a few times over. */
const MAX_OPERATIONS = 20;

/**
 * Turns a profile patch into column changes. Anything but add/replace/remove on the four fields,
 * or a malformed operation, is `invalidPatch`; a value the domain rules refuse is `invalidInput`
 * naming the field and the message key, like every other validation error.
 */
export function profileChanges(body: unknown): Partial<Pick<UsersTable, ProfileColumn>> {
  const invalid = (message: string) => new ApiError("invalidPatch", message);
  if (!Array.isArray(body)) throw invalid("The body must be a JSON Patch array of operations");
  if (body.length > MAX_OPERATIONS) throw invalid(`At most ${MAX_OPERATIONS} operations`);
  const changes: Partial<Pick<UsersTable, ProfileColumn>> = {};
  const problems: string[] = [];
  for (const [index, operation] of body.entries()) {
    if (typeof operation !== "object" || operation === null)
      throw invalid(`Operation ${index} is not an object`);
    const { op, path, value } = operation as Record<string, unknown>;
    if (op !== "add" && op !== "replace" && op !== "remove") {
      throw invalid(`Operation ${index}: only add, replace and remove are allowed`);
    }
    const field = typeof path === "string" ? FIELDS[path] : undefined;
    if (!field || !Object.hasOwn(FIELDS, path as string)) {
      throw invalid(`Operation ${index}: ${String(path)} cannot be changed`);
    }
    const name = (path as string).slice(1);
    if (op === "remove" || value === null) {
      if (field.required) problems.push(`${name}: ${field.required}`);
      else changes[field.column] = null;
      continue;
    }
    if (value === undefined) throw invalid(`Operation ${index}: ${op} needs a value`);
    const parsed = field.schema.safeParse(value);
    if (parsed.success) changes[field.column] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
