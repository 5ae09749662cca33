import type { z } from "@hono/zod-openapi";
import { ApiError } from "./errors.ts";

// What every JSON Patch (RFC 6902) body of the API shares: an array of operation objects, not
// too many of them. Which op and path each resource takes, and its values, are the resource's.

/** One operation of a patch body, not checked beyond being an object. */
export interface PatchOperation {
  /** Its place in the body, for messages. */
  index: number;
  op: unknown;
  path: unknown;
  value: unknown;
  /** Whether the operation has a `value` member at all (null counts). */
  hasValue: boolean;
}

export function invalidPatch(message: string) {
  return new ApiError("invalidPatch", message);
}

/**
 * The operations of a patch body. A body that is not an array, holds more than `maxOperations`,
 * or holds anything but objects is `invalidPatch`.
 */
export function patchOperations(body: unknown, maxOperations: number): PatchOperation[] {
  if (!Array.isArray(body)) throw invalidPatch("The body must be a JSON Patch array of operations");
  if (body.length > maxOperations) throw invalidPatch(`At most ${maxOperations} operations`);
  return body.map((operation: unknown, index) => {
    if (typeof operation !== "object" || operation === null || Array.isArray(operation)) {
      throw invalidPatch(`Operation ${index} is not an object`);
    }
    const { op, path, value } = operation as Record<string, unknown>;
    return { index, op, path, value, hasValue: Object.hasOwn(operation, "value") };
  });
}

/** A refused value's issues as `field: message key` lines. */
export function valueIssues(field: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${field}: ${issue.message}`);
}
