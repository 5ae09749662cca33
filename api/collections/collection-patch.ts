import { z } from "@hono/zod-openapi";
import { ApiError } from "#api/http/errors.ts";
import { COLLECTION_MODES, type CollectionMode } from "#domain/roles.ts";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

/** One JSON Patch operation (RFC 6902) of the kinds a collection takes. */
export const CollectionPatchOperationSchema = z
  .object({
    op: z.enum(["replace", "remove"]),
    path: z.enum(["/name", "/description", "/mode", "/tags"]),
    value: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .optional(),
  })
  .openapi("CollectionPatchOperation");

/** What the route declares; `collectionChanges` checks each operation itself. */
export const CollectionPatchSchema = z
  .array(CollectionPatchOperationSchema)
  .openapi("CollectionPatch", {
    description:
      "JSON Patch: replace on /name, /description, /mode (owned or collaborative: share or " +
      "unshare) or /tags (user ids of active members); remove on /description",
  });

export interface CollectionChanges {
  name?: string;
  /** Present (possibly null: none) when the description changes. */
  description?: string | null;
  mode?: CollectionMode;
  tags?: string[];
}

/** The most operations one patch may hold: each field a few times over. */
const MAX_OPERATIONS = 20;
/** The most members one collection may tag. */
export const MAX_TAGS = 100;

const modeSchema = z.enum(COLLECTION_MODES, { error: "must be owned or collaborative" });
const tagsSchema = z
  .array(z.string().min(1).max(400), { error: "must be an array of user ids" })
  .max(MAX_TAGS);

/**
 * Turns a collection patch into changes. Anything but replace on /name, /description, /mode,
 * /tags or remove on /description, or a malformed operation, is `invalidPatch`; a value the
 * domain rules refuse is `invalidInput` naming the field and message key.
 */
export function collectionChanges(body: unknown): CollectionChanges {
  const invalid = (message: string) => new ApiError("invalidPatch", message);
  if (!Array.isArray(body)) throw invalid("The body must be a JSON Patch array of operations");
  if (body.length > MAX_OPERATIONS) throw invalid(`At most ${MAX_OPERATIONS} operations`);
  const changes: CollectionChanges = {};
  const problems: string[] = [];
  const issues = (field: string, error: z.ZodError) =>
    error.issues.map((issue) => `${field}: ${issue.message}`);
  for (const [index, operation] of body.entries()) {
    if (typeof operation !== "object" || operation === null || Array.isArray(operation)) {
      throw invalid(`Operation ${index} is not an object`);
    }
    const { op, path, value } = operation as Record<string, unknown>;
    if (op === "remove" && path === "/description") {
      changes.description = null;
      continue;
    }
    if (op !== "replace") {
      throw invalid(`Operation ${index}: only replace, and remove on /description, are allowed`);
    }
    if (!Object.hasOwn(operation, "value")) {
      throw invalid(`Operation ${index}: replace needs a value`);
    }
    if (path === "/name") {
      const parsed = collectionNameSchema.safeParse(value);
      if (parsed.success) changes.name = parsed.data;
      else problems.push(...issues("name", parsed.error));
    } else if (path === "/description") {
      // A blank or null description is none.
      const parsed = collectionDescriptionSchema.safeParse(value ?? undefined);
      if (parsed.success) changes.description = parsed.data ?? null;
      else problems.push(...issues("description", parsed.error));
    } else if (path === "/mode") {
      const parsed = modeSchema.safeParse(value);
      if (parsed.success) changes.mode = parsed.data;
      else problems.push(...issues("mode", parsed.error));
    } else if (path === "/tags") {
      const parsed = tagsSchema.safeParse(value);
      if (parsed.success) changes.tags = parsed.data;
      else problems.push(...issues("tags", parsed.error));
    } else {
      throw invalid(`Operation ${index}: ${String(path)} cannot be changed`);
    }
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
