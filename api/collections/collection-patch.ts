import { z } from "@hono/zod-openapi";
import { ApiError } from "#api/http/errors.ts";
import { invalidPatch, patchOperations, valueIssues } from "#api/http/json-patch.ts";
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
  const changes: CollectionChanges = {};
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
      const parsed = collectionNameSchema.safeParse(value);
      if (parsed.success) changes.name = parsed.data;
      else problems.push(...valueIssues("name", parsed.error));
    } else if (path === "/description") {
      // A blank or null description is none.
      const parsed = collectionDescriptionSchema.safeParse(value ?? undefined);
      if (parsed.success) changes.description = parsed.data ?? null;
      else problems.push(...valueIssues("description", parsed.error));
    } else if (path === "/mode") {
      const parsed = modeSchema.safeParse(value);
      if (parsed.success) changes.mode = parsed.data;
      else problems.push(...valueIssues("mode", parsed.error));
    } else if (path === "/tags") {
      const parsed = tagsSchema.safeParse(value);
      if (parsed.success) changes.tags = parsed.data;
      else problems.push(...valueIssues("tags", parsed.error));
    } else {
      throw invalidPatch(`Operation ${index}: ${String(path)} cannot be changed`);
    }
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
