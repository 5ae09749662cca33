import { z } from "@hono/zod-openapi";
import { ApiError } from "#api/http/errors.ts";
import { invalidPatch, patchOperations, valueIssues } from "#api/http/json-patch.ts";
import { fileNameSchema } from "#domain/validation.ts";

/** One JSON Patch operation (RFC 6902) of the kind a file takes: its name. */
export const FilePatchOperationSchema = z
  .object({
    op: z.enum(["replace"]),
    path: z.enum(["/name"]),
    value: z.string(),
  })
  .openapi("FilePatchOperation");

/** What the route declares; `fileChanges` checks each operation itself. */
export const FilePatchSchema = z.array(FilePatchOperationSchema).openapi("FilePatch", {
  description: "JSON Patch: replace on /name (2 to 50 characters, trimmed)",
});

export interface FileChanges {
  name?: string;
}

/** The most operations one patch may hold. */
const MAX_OPERATIONS = 5;

/**
 * Turns a file patch into changes. Anything but replace on /name, or a malformed operation, is
 * `invalidPatch`; a name the domain rules refuse is `invalidInput` naming the message key.
 */
export function fileChanges(body: unknown): FileChanges {
  const changes: FileChanges = {};
  const problems: string[] = [];
  for (const { index, op, path, value, hasValue } of patchOperations(body, MAX_OPERATIONS)) {
    if (op !== "replace") throw invalidPatch(`Operation ${index}: only replace is allowed`);
    if (path !== "/name") {
      throw invalidPatch(`Operation ${index}: ${String(path)} cannot be changed`);
    }
    if (!hasValue) throw invalidPatch(`Operation ${index}: replace needs a value`);
    const parsed = fileNameSchema.safeParse(value);
    if (parsed.success) changes.name = parsed.data;
    else problems.push(...valueIssues("name", parsed.error));
  }
  if (problems.length) throw new ApiError("invalidInput", problems.join("; "));
  return changes;
}
