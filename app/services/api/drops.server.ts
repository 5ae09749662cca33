import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body } from "./contract.ts";

/*
 * The guest side of drop links (ADR 098, on the API's ADR 097): a link's page, a guest's entry,
 * their files. The guest's credential goes to the API as its bearer token; it lives in the
 * guest's cookie (app/services/drop-guest.server.ts) and never reaches page JavaScript.
 */

const DROP = "/api/drops/{token}";
export type DropPage = Answer<typeof DROP, "get">;
export type DropGuest = Answer<`${typeof DROP}/me`, "get">;
export type GuestFile = DropGuest["files"][number];
export type GuestEntryBody = Body<`${typeof DROP}/guests`, "post">;

const dropPath = (token: string) => `/api/drops/${encodeURIComponent(token)}`;

export const dropsApi = {
  /** What the page shows; with the guest's credential, the message behind a PIN too. */
  page: (context: WebContext, token: string, credential: string | null) =>
    apiCall<DropPage>(context, dropPath(token), { accessToken: credential ?? undefined }),

  /** Lets a guest in: their credential, for the cookie. */
  enter: (context: WebContext, token: string, body: GuestEntryBody) =>
    apiCall<Answer<`${typeof DROP}/guests`, "post">>(context, `${dropPath(token)}/guests`, {
      method: "POST",
      body,
    }),

  /** The guest, their files, what they may still send. */
  me: (context: WebContext, token: string, credential: string) =>
    apiCall<DropGuest>(context, `${dropPath(token)}/me`, { accessToken: credential }),

  /** Starts one file: its id and the signed address for its bytes. */
  startFile: (
    context: WebContext,
    token: string,
    credential: string,
    body: Body<`${typeof DROP}/files`, "post">,
  ) =>
    apiCall<Answer<`${typeof DROP}/files`, "post">>(context, `${dropPath(token)}/files`, {
      method: "POST",
      accessToken: credential,
      body,
    }),

  /** Deletes one of the guest's files, within the hour. */
  deleteFile: (context: WebContext, token: string, credential: string, fileId: string) =>
    apiCall<null>(context, `${dropPath(token)}/files/${encodeURIComponent(fileId)}`, {
      method: "DELETE",
      accessToken: credential,
    }),
};
