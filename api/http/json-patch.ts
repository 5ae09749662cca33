import { z } from "@hono/zod-openapi";
import type { ErrorCode } from "#domain/errors.ts";
import { ApiError } from "./errors.ts";

// The one reader of the API's JSON Patch (RFC 6902) bodies: team, collection, file, member and
// profile each describe their fields in a table, and this reads a body against it. A body is an
// array of at most `maxOperations` operation objects; each replaces a top-level field ("/name")
// of the table, or removes one the table marks removable, or adds one where the table takes add
// (for an object member, RFC 6902's add is a replace). Anything else is `invalidPatch`. Values go
// through the field's schema; every refused one is listed, "field: message key", under
// `invalidInput` or the field's own code.

/** How a patch may change one field. */
export interface PatchField<T = unknown> {
  /** Checks and normalises the value of a replace (or add). */
  schema: z.ZodType<T>;
  /**
   * Whether `remove` is allowed on it. A removal is read as the value null, which the schema
   * then takes (the field becomes none) or refuses (a required field's *Required key).
   */
  removable?: boolean;
  /** The code a refused value answers with; `invalidInput` unless the field has its own. */
  refusedAs?: ErrorCode;
}

export interface PatchSpec<F extends Record<string, PatchField>> {
  /** The most operations one body may hold. */
  maxOperations: number;
  /** The fields a patch may change, by name: the path is "/" and the name. */
  fields: F;
  /** Also takes `add`, read as replace. */
  add?: boolean;
}

type FieldValue<P> = P extends PatchField<infer T> ? T : never;

/** One change a patch makes, as read: the field and its checked value. */
export type PatchChange<F extends Record<string, PatchField>> = {
  [K in keyof F & string]: { field: K; value: FieldValue<F[K]> };
}[keyof F & string];

/** What a patch changes, field by field; the last operation on a field wins. */
export type PatchChanges<F extends Record<string, PatchField>> = {
  [K in keyof F]?: FieldValue<F[K]>;
};

export function invalidPatch(message: string) {
  return new ApiError("invalidPatch", message);
}

/** The operations a spec takes, in the order messages and the OpenAPI document list them. */
function operationsOf(spec: PatchSpec<Record<string, PatchField>>): string[] {
  const removable = Object.values(spec.fields).some((field) => field.removable);
  return [...(spec.add ? ["add"] : []), "replace", ...(removable ? ["remove"] : [])];
}

/**
 * The changes of a patch body, in the order of its operations (for rules that depend on the
 * changes before, like a member's status then role). Throws `invalidPatch` for a body that is
 * not an array of at most `maxOperations` objects, an operation or path the spec does not take,
 * `remove` on a field that is not removable, or a replace or add without a value; then, once
 * every operation is read, the refused values: `invalidInput`, or the code of the first refused
 * field that has its own, whose issues come first.
 */
export function readPatchSteps<F extends Record<string, PatchField>>(
  body: unknown,
  spec: PatchSpec<F>,
): PatchChange<F>[] {
  if (!Array.isArray(body)) throw invalidPatch("The body must be a JSON Patch array of operations");
  if (body.length > spec.maxOperations) {
    throw invalidPatch(`At most ${spec.maxOperations} operations`);
  }
  const operations = operationsOf(spec);
  const changes: PatchChange<F>[] = [];
  const refused: { code: ErrorCode; text: string }[] = [];
  for (const [index, operation] of body.entries()) {
    if (typeof operation !== "object" || operation === null || Array.isArray(operation)) {
      throw invalidPatch(`Operation ${index} is not an object`);
    }
    const { op, path, value } = operation as Record<string, unknown>;
    if (typeof op !== "string" || !operations.includes(op)) {
      throw invalidPatch(`Operation ${index}: op must be ${operations.join(", ")}`);
    }
    const name = typeof path === "string" && path.startsWith("/") ? path.slice(1) : undefined;
    if (name === undefined || !Object.hasOwn(spec.fields, name)) {
      throw invalidPatch(`Operation ${index}: ${String(path)} cannot be changed`);
    }
    const field = spec.fields[name] as PatchField;
    if (op === "remove" && !field.removable) {
      throw invalidPatch(`Operation ${index}: ${path} cannot be removed`);
    }
    if (op !== "remove" && !Object.hasOwn(operation, "value")) {
      throw invalidPatch(`Operation ${index}: ${op} needs a value`);
    }
    const parsed = field.schema.safeParse(op === "remove" ? null : value);
    if (parsed.success) {
      changes.push({ field: name, value: parsed.data } as PatchChange<F>);
    } else {
      const code = field.refusedAs ?? "invalidInput";
      for (const issue of parsed.error.issues) {
        refused.push({ code, text: `${name}: ${issue.message}` });
      }
    }
  }
  if (refused.length > 0) {
    const code = refused.find((problem) => problem.code !== "invalidInput")?.code ?? "invalidInput";
    const ordered = [
      ...refused.filter((problem) => problem.code === code),
      ...refused.filter((problem) => problem.code !== code),
    ];
    throw new ApiError(code, ordered.map((problem) => problem.text).join("; "));
  }
  return changes;
}

/** The changes of a patch body as one object, the last operation on a field winning. */
export function readPatch<F extends Record<string, PatchField>>(
  body: unknown,
  spec: PatchSpec<F>,
): PatchChanges<F> {
  const changes: PatchChanges<F> = {};
  for (const { field, value } of readPatchSteps(body, spec)) {
    changes[field as keyof F] = value as FieldValue<F[keyof F]>;
  }
  return changes;
}

/**
 * An optional text as a patch sets it: null (a removal), a missing or, per the schema, a blank
 * value is none (null).
 */
export function noneAsNull<T>(schema: z.ZodType<T | undefined>): z.ZodType<T | null> {
  return z.preprocess((value) => value ?? undefined, schema).transform((value) => value ?? null);
}

/**
 * A patch body's schema for the OpenAPI document, from the spec: its operations and paths, and
 * `value` as the document shows it. Each route still reads the body with `readPatch`.
 */
export function patchBodySchema(
  name: string,
  spec: PatchSpec<Record<string, PatchField>>,
  { value, description }: { value: z.ZodType; description: string },
) {
  const operations = operationsOf(spec);
  const paths = Object.keys(spec.fields).map((field) => `/${field}`);
  const valueMayLack = operations.includes("remove");
  return z
    .array(
      z
        .object({
          op: z.enum(operations as [string, ...string[]]),
          path: z.enum(paths as [string, ...string[]]),
          value: valueMayLack ? value.optional() : value,
        })
        .openapi(`${name}Operation`),
    )
    .max(spec.maxOperations)
    .openapi(name, { description });
}

/** A route's patch body: JSON Patch's own media type, or plain JSON. */
export function patchRequestBody<T extends z.ZodType>(schema: T) {
  return {
    required: true,
    content: {
      "application/json-patch+json": { schema },
      "application/json": { schema },
    },
  } as const;
}

/**
 * The hook of a patch route: a body its schema refuses is read again with `read`, which throws
 * the precise error (invalidPatch, or the code of a refused value); else `invalidPatch`.
 */
export function patchHook(read: (body: unknown) => unknown) {
  return (result: { success: boolean }): undefined => {
    if (result.success) return undefined;
    // The validator hands the raw body along with a failed result.
    read((result as { data?: unknown }).data);
    throw invalidPatch("This is not a patch this resource takes");
  };
}
