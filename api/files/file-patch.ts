import { z } from "@hono/zod-openapi";
import { type PatchChanges, patchBodySchema, readPatch } from "#api/http/json-patch.ts";
import { fileNameInputSchema } from "#domain/validation.ts";

/**
 * What a file patch changes: replace on /name, nothing else. The name is read here as any name
 * may be; the file's service then keeps its extension (fileRenameSchema, docs/product.md#files).
 */
const FILE_PATCH = {
  maxOperations: 5,
  fields: { name: { schema: fileNameInputSchema } },
} as const;

export const FilePatchSchema = patchBodySchema("FilePatch", FILE_PATCH, {
  value: z.string(),
  description:
    "JSON Patch: replace on /name (trimmed; 2 to 50 characters before the extension). The file keeps its original name's extension: a name that does not end with it gets it added",
});

export type FileChanges = PatchChanges<typeof FILE_PATCH.fields>;

/** A file patch's changes, or the error it answers (see readPatch). */
export function fileChanges(body: unknown): FileChanges {
  return readPatch(body, FILE_PATCH);
}
