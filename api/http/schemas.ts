import { z } from "@hono/zod-openapi";
import { PAGE_SIZE } from "#domain/constants.ts";
import { ApiError } from "./errors.ts";

export const ErrorBodySchema = z
  .object({
    statusCode: z.number().int(),
    errorCode: z.string(),
    message: z.string(),
  })
  .openapi("Error");

/** The error responses most routes can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: "Invalid input",
    401: "Authorization required",
    403: "Forbidden",
    404: "Not found",
    409: "Conflict",
    410: "Gone: expired or already used",
    413: "Body too large",
    415: "Unsupported content type",
    429: "Too many requests",
    502: "An upstream service (mail, payments) failed",
    507: "The server's storage is full: try again later",
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? "Error",
        content: { "application/json": { schema: ErrorBodySchema } },
      },
    ]),
  );
}

// Links to our own content are paths on this site, not absolute URLs (ADR 024): a browser loads
// them from whatever address it used, and other clients resolve them against the API's base.
const RESOLVE_PATH = "resolve it against the address the API was reached at";

/** How an avatar or logo URL is described: a path (`/api/avatars/<id>.webp`). */
export function ownImageDescription(noun: "avatar" | "logo", when = "null when there is none") {
  return `The ${noun} image as a path on this API (/api/${noun}s/<id>.webp): ${RESOLVE_PATH}; ${when}`;
}

/** A member beside what they made, as lists show them: null once they have left the team. */
export function memberReferenceSchema(description: string) {
  return z
    .object({
      userId: z.string(),
      nickname: z.string(),
      avatarUrl: z
        .string()
        .nullable()
        .openapi({ description: ownImageDescription("avatar") }),
    })
    .nullable()
    .openapi({ description });
}

const HiddenCollectionErrorSchema = ErrorBodySchema.extend({
  creator: memberReferenceSchema(
    "The collection's creator: whom to ask; null once removed",
  ).optional(),
}).openapi("HiddenCollectionError");

/**
 * The 403 of a call that names a collection of the team the caller may not see (ADR 071): the
 * error body and the collection's creator, whom to ask. A role that lacks the cell gets the same
 * status without `creator`.
 */
export function hiddenCollectionResponse() {
  return {
    403: {
      description:
        "Forbidden: the role lacks the cell, or the collection is not one the caller may see " +
        "(then `creator` says whom to ask)",
      content: { "application/json": { schema: HiddenCollectionErrorSchema } },
    },
  };
}

/** How a signed link to a blob is described: a path with disk storage, the bucket's URL with S3. */
export function signedLinkDescription(what: string) {
  return `${what}. With disk storage a path on this API (/api/blobs/...): ${RESOLVE_PATH}; with S3 storage an absolute URL on the bucket`;
}

/** A legal document's version: the date it shows. */
export const versionDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-22");

/**
 * What a request that makes an account carries (ADR 096): the person confirmed they are 16 or
 * older (MINIMUM_AGE) and accepted these versions of the terms and the privacy policy.
 */
export const consentFields = {
  ageConfirmed: z.literal(true).openapi({
    description: "The person confirmed they are 16 or older; an account is not made without it",
  }),
  termsVersion: versionDate
    .clone()
    .openapi({ description: "The terms' version accepted (its date)" }),
  privacyVersion: versionDate.clone().openapi({
    description: "The privacy policy's version accepted (its date)",
  }),
};

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } } as const;
}

// What the routes share beside the bodies: path parameters, list queries and the hooks that
// turn a failed validation into the API's error codes.

/** `{teamId}`: the team's id or one of its aliases. */
export const TeamParams = z.object({
  teamId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ description: "The team's id or one of its aliases" }),
});

/** `{teamId}/collections/{collectionId}`. */
export const CollectionParams = TeamParams.extend({
  collectionId: z.string().min(1).max(200),
});

/** `{teamId}/members/{userId}`. */
export const MemberParams = TeamParams.extend({
  userId: z.string().min(1).max(400).openapi({
    description:
      "The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded",
  }),
});

/** An epoch ms in a query. */
export const epochMs = z.coerce.number().int().min(0);

/** An id in a query: blank means no filter. */
export const idFilter = z
  .string()
  .trim()
  .max(400)
  .optional()
  .transform((value) => value || undefined);

/** The page of a keyset list: `lastKey` from the page before, and how many (`things`) a page holds. */
export function pageQuery(things: string, max: number) {
  return {
    lastKey: z.string().max(500).optional().openapi({
      description: "pagination.lastKey of the previous page, unchanged",
    }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(PAGE_SIZE)
      .openapi({ description: `${things} per page, 1 to ${max}` }),
  };
}

/** Where a keyset list stopped. */
export const PaginationSchema = z.object({
  lastKey: z.string().nullable().openapi({ description: "Null on the last page" }),
});

/** A query whose `from` is after its `to` is refused, on `to`. */
export function withDateRange<T extends z.ZodType<{ from?: number; to?: number }>>(schema: T) {
  return schema.refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    error: "filterStartEndDateInvalid",
    path: ["to"],
  });
}

/** Validation issues as `path: message key` (`body` for the whole), joined by `; `. */
export function issuesText(issues: readonly z.core.$ZodIssue[]) {
  return issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

type HookResult = { success: true } | { success: false; error: z.ZodError };

/**
 * Refused input is `invalidInput`, naming each field and its message key; when the one fault is
 * an email address the rules refuse, the code is `invalidEmail` (ADR 088), same message.
 */
export function inputError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const onlyEmail = issues.length > 0 && issues.every((issue) => issue.message === "invalidEmail");
  return new ApiError(onlyEmail ? "invalidEmail" : "invalidInput", issuesText(issues));
}

/** Any refused input is `invalidInput` (or `invalidEmail`, see inputError). */
export function invalidInputHook(result: HookResult): undefined {
  if (!result.success) throw inputError(result.error.issues);
}

/** A list query: an unknown `sort` has its own code (invalidSorting), anything else invalidInput. */
export function listQueryHook(sorts: readonly string[]) {
  return (result: HookResult): undefined => {
    if (!result.success && result.error.issues.some((issue) => issue.path[0] === "sort")) {
      throw new ApiError("invalidSorting", `sort: must be ${sorts.join(" or ")}`);
    }
    return invalidInputHook(result);
  };
}
