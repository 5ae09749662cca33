import { z } from "@hono/zod-openapi";
import { noneAsNull, type PatchChanges, patchBodySchema, readPatch } from "#api/http/json-patch.ts";
import { COLLECTION_TAGS_MAX } from "#domain/constants.ts";
import { COLLECTION_MODES } from "#domain/roles.ts";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

/**
 * What a collection patch changes: replace on /name, /description (blank or null is none;
 * remove too), /mode (share or unshare) and /tags (user ids, checked against the members by
 * the service).
 */
const COLLECTION_PATCH = {
  // Each field a few times over.
  maxOperations: 20,
  fields: {
    name: { schema: collectionNameSchema },
    description: { schema: noneAsNull(collectionDescriptionSchema), removable: true },
    mode: { schema: z.enum(COLLECTION_MODES, { error: "must be owned or collaborative" }) },
    tags: {
      schema: z
        .array(z.string().min(1).max(400), { error: "must be an array of user ids" })
        .max(COLLECTION_TAGS_MAX),
    },
  },
} as const;

export const CollectionPatchSchema = patchBodySchema("CollectionPatch", COLLECTION_PATCH, {
  value: z.union([z.string(), z.array(z.string())]).nullable(),
  description:
    "JSON Patch: replace on /name, /description, /mode (owned or collaborative: share or " +
    "unshare) or /tags (user ids of active members); remove on /description",
});

export type CollectionChanges = PatchChanges<typeof COLLECTION_PATCH.fields>;

/** A collection patch's changes, or the error it answers (see readPatch). */
export function collectionChanges(body: unknown): CollectionChanges {
  return readPatch(body, COLLECTION_PATCH);
}
