import { z } from "@hono/zod-openapi";

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

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } } as const;
}
