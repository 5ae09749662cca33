import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, querySuffix } from "./contract.ts";

/*
 * A drop link's read-only gallery (ADR 100): what its guests see of the collection. A link with
 * a PIN asks for the guest's credential (the guest cookie's value), sent as the call's bearer.
 */

const GALLERY = "/api/drops/{token}/collection";
export type GalleryPage = Answer<typeof GALLERY, "get">;
export type GalleryFile = GalleryPage["files"][number];
export type GalleryFileDetail = Answer<"/api/drops/{token}/collection/files/{fileId}", "get">;
export type GalleryZip = Answer<"/api/drops/{token}/collection/download", "post">;

const galleryPath = (token: string) => `/api/drops/${encodeURIComponent(token)}/collection`;

export const dropGalleryApi = {
  /** A page of the gallery, newest first. */
  page: (
    context: WebContext,
    token: string,
    credential: string | null,
    query: { cursor?: string; limit?: number } = {},
  ) =>
    apiCall<GalleryPage>(context, `${galleryPath(token)}${querySuffix(query)}`, {
      accessToken: credential ?? undefined,
    }),

  /** One file, its neighbours and its original's links. */
  file: (context: WebContext, token: string, credential: string | null, fileId: string) =>
    apiCall<GalleryFileDetail>(
      context,
      `${galleryPath(token)}/files/${encodeURIComponent(fileId)}`,
      { accessToken: credential ?? undefined },
    ),

  /** The collection's zip, made for this guest: its parts' links. */
  zip: (context: WebContext, token: string, credential: string | null) =>
    apiCall<GalleryZip>(context, `${galleryPath(token)}/download`, {
      method: "POST",
      accessToken: credential ?? undefined,
    }),
};
