import { z } from "@hono/zod-openapi";
import { type PatchChanges, patchBodySchema, readPatch } from "#api/http/json-patch.ts";
import { fileNameSchema } from "#domain/validation.ts";

/** What a file patch changes: replace on /name, nothing else. */
const FILE_PATCH = {
  maxOperations: 5,
  fields: { name: { schema: fileNameSchema } },
} as const;

export const FilePatchSchema = patchBodySchema("FilePatch", FILE_PATCH, {
  value: z.string(),
  description: "JSON Patch: replace on /name (2 to 50 characters, trimmed)",
});

export type FileChanges = PatchChanges<typeof FILE_PATCH.fields>;

/** A file patch's changes, or the error it answers (see readPatch). */
export function fileChanges(body: unknown): FileChanges {
  return readPatch(body, FILE_PATCH);
}
