import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  DropGuestSchema,
  type DropGuestService,
  DropPageSchema,
} from "#api/drop-links/guest-uploads.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import { GUEST_DELETE_WINDOW_MS, GUEST_NAME_MAX } from "#domain/drop-links.ts";
import { emailSchema } from "#domain/validation.ts";
import { StartUploadRequest, StartUploadResponse } from "./uploads.ts";

// The guest side of drop links (ADR 098, on ADR 097): people without an account open a link's
// page, come in (a PIN, a name, an email, as the link asks), and send files to its collection.
// A guest is known by the credential entering answers (guestToken), sent as a bearer token: the
// web keeps it in an HttpOnly cookie, the mobile app where it keeps secrets. {token} is the last
// part of the link's address, /d/{token}.

const tags = ["Drop links (guests)"];
const guestSecurity = [{ guest: [] }];

const DropParams = z.object({
  token: z.string().max(100).openapi({ description: "The link's token, as in /d/{token}" }),
});
const DropFileParams = DropParams.extend({ fileId: z.string().min(1).max(200) });

const GuestEntryRequest = z
  .strictObject({
    pin: z.string().max(100).optional().openapi({ description: "The link's PIN, when it has one" }),
    name: z
      .string()
      .max(1000)
      .optional()
      .openapi({
        description:
          `1 to ${GUEST_NAME_MAX} characters, trimmed, as askName says: required, optional, or ` +
          "off (then ignored)",
      }),
    email: emailSchema.optional().openapi({
      description: "Optional; kept only when the link offers the field (askEmail)",
    }),
  })
  .openapi("GuestEntryRequest");

const GuestEntryResponse = z
  .object({
    guestToken: z.string().openapi({
      description:
        "The guest's credential on this link: send it as `Authorization: Bearer` on the guest " +
        "calls. Only its hash is kept: it cannot be shown again",
    }),
    guestId: z.string(),
  })
  .openapi("GuestEntry");

const missingLink = "An unknown token, or a link whose collection or creator is gone, is 404";
const closedLink =
  "A link that takes no files answers dropLinkPaused (409), dropLinkExpired or dropLinkRevoked (410)";

const page = createRoute({
  method: "get",
  path: "/drops/{token}",
  tags,
  summary: "What a link's guest page shows: the team, title, message, state, deadline, limits",
  description:
    `${missingLink}. On a link with a PIN the message is null until the guest is in: send ` +
    "their bearer token to have it. Open to anyone who has the link",
  request: { params: DropParams },
  responses: {
    200: jsonResponse("The link, as its guests see it", DropPageSchema),
    ...errorResponses(404),
  },
});

const enter = createRoute({
  method: "post",
  path: "/drops/{token}/guests",
  tags,
  summary: "Come in through a link: the PIN, name and email it asks for; answers a guest token",
  description:
    `A wrong or missing PIN is 403 wrongPin and nothing more. ${closedLink}. ${missingLink}. ` +
    "Limited per client address (an IPv6 /64 counts as one) and per link, and PIN tries more " +
    "tightly (a right PIN is not counted): tooManyRequests with Retry-After",
  request: { params: DropParams, body: jsonBody(GuestEntryRequest) },
  responses: {
    201: jsonResponse("In: keep the token", GuestEntryResponse),
    ...errorResponses(400, 403, 404, 409, 410, 429),
  },
});

const me = createRoute({
  method: "get",
  path: "/drops/{token}/me",
  tags,
  security: guestSecurity,
  summary: "The guest: their name, the files they sent through this link, what they may still send",
  description: `No guest token, or another link's: 401 authorizationRequired. ${missingLink}`,
  request: { params: DropParams },
  responses: {
    200: jsonResponse("The guest", DropGuestSchema),
    ...errorResponses(401, 404),
  },
});

const startFile = createRoute({
  method: "post",
  path: "/drops/{token}/files",
  tags,
  security: guestSecurity,
  summary: "Start a file the guest sends: answers its id and the address to send its bytes to",
  description:
    "The bytes go to uploadUrl as for members' files (one PUT, or tus HEAD and PATCH); each " +
    "chunk is refused once the link is paused, revoked or past its deadline. Types and sizes " +
    "are members'. The link's per-guest limits: 403 quotaExceededGuest; the team owner's " +
    `storage: 403 quotaExceededStorage. ${closedLink}. Limited per client address and per ` +
    "link, generously (guests of one event share its Wi-Fi's address): tooManyRequests",
  request: { params: DropParams, body: jsonBody(StartUploadRequest) },
  responses: {
    201: jsonResponse("Upload address issued", StartUploadResponse),
    ...errorResponses(400, 401, 403, 404, 409, 410, 413, 415, 429, 507),
  },
});

const deleteFile = createRoute({
  method: "delete",
  path: "/drops/{token}/files/{fileId}",
  tags,
  security: guestSecurity,
  summary: `Delete a file the guest sent, for good, within ${GUEST_DELETE_WINDOW_MS / 60_000} minutes of sending it`,
  description:
    "Later: 403 forbidden (whoever shared the link can still delete it). Another guest's " +
    "file, or none: 404 fileNotFound",
  request: { params: DropFileParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 403, 404),
  },
});

/** The guest's credential, from `Authorization: Bearer`; null when there is none. */
function bearerOf(header: string | undefined) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

export function dropRoutes({ guests }: { guests: DropGuestService }) {
  return new OpenAPIHono<ApiEnv>()
    .openapi(page, async (c) => {
      const { token } = c.req.valid("param");
      return c.json(await guests.page(token, bearerOf(c.req.header("authorization"))), 200);
    })
    .openapi(enter, async (c) => {
      const { token } = c.req.valid("param");
      const entered = await guests.enter(token, c.req.valid("json"), c.var.clientIp || "unknown");
      return c.json(entered, 201);
    })
    .openapi(me, async (c) => {
      const { token } = c.req.valid("param");
      return c.json(await guests.me(token, bearerOf(c.req.header("authorization"))), 200);
    })
    .openapi(startFile, async (c) => {
      const { token } = c.req.valid("param");
      const started = await guests.startFile(
        token,
        bearerOf(c.req.header("authorization")),
        c.req.valid("json"),
        c.var.clientIp || "unknown",
      );
      return c.json(started, 201);
    })
    .openapi(deleteFile, async (c) => {
      const { token, fileId } = c.req.valid("param");
      await guests.deleteFile(token, bearerOf(c.req.header("authorization")), fileId);
      return c.body(null, 204);
    });
}
