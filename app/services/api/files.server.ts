import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";

/** A file as the API answers it (spec section 3, File; the issue 5 contract). */
export interface FileItem {
  fileId: string;
  teamId: string;
  collectionId: string;
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  status: "uploading" | "processing" | "ready" | "failed";
  /** Signed, inline webp links (1 hour); null until processed, or for non-images. */
  thumbnailUrl: string | null;
  previewUrl: string | null;
  /** The uploader's user id (= member id). */
  uploadedBy: string;
  uploader: { userId: string; nickname: string; avatarUrl: string | null } | null;
  createdAt: number;
  updatedAt: number;
  refDate: number;
  /** Null when never read, or read before the last update. */
  readAt: number | null;
}

export interface FilePage {
  pagination: { lastKey: string | null };
  files: FileItem[];
}

export type FileSort = "refDate:desc" | "refDate:asc";

export interface FileListQuery {
  lastKey?: string;
  limit?: number;
  creator?: string;
  /** Epoch ms, refDate at or after. */
  from?: number;
  /** Epoch ms, refDate at or before. */
  to?: number;
  sort?: FileSort;
}

/** What the files list holds and its order, without the page: what neighbours take. */
export type FileFilterQuery = Omit<FileListQuery, "lastKey" | "limit">;

/** The files listed just before and after one under the same filters and sort. */
export interface FileNeighbours {
  previousId: string | null;
  nextId: string | null;
}

export type FileVariant = "original" | "thumbnail" | "preview";

const filesPath = (teamId: string, collectionId: string) =>
  `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/files`;
const filePath = (teamId: string, collectionId: string, fileId: string) =>
  `${filesPath(teamId, collectionId)}/${encodeURIComponent(fileId)}`;

function querySuffix(query: FileListQuery) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : "";
}

export const filesApi = {
  /** The collection's files the caller may see, by refDate. */
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    query: FileListQuery = {},
  ) =>
    apiCall<FilePage>(context, `${filesPath(teamId, collectionId)}${querySuffix(query)}`, {
      accessToken,
    }),

  /** One file; the API marks it read for the caller. */
  get: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
  ) => apiCall<FileItem>(context, filePath(teamId, collectionId, fileId), { accessToken }),

  /**
   * The files listed just before and after one in the collection's list under `query`
   * (null at either end). It does not mark the file read.
   */
  neighbours: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
    query: FileFilterQuery = {},
  ) =>
    apiCall<FileNeighbours>(
      context,
      `${filePath(teamId, collectionId, fileId)}/neighbours${querySuffix(query)}`,
      { accessToken },
    ),

  rename: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
    name: string,
  ) =>
    apiCall<FileItem>(context, filePath(teamId, collectionId, fileId), {
      method: "PATCH",
      accessToken,
      body: [{ op: "replace", path: "/name", value: name }],
    }),

  /** A signed link (5 minutes) to the file's bytes. */
  content: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
    variant: FileVariant = "original",
    disposition: "attachment" | "inline" = "attachment",
  ) =>
    apiCall<{ signedUrl: string }>(
      context,
      `${filePath(teamId, collectionId, fileId)}/content?${new URLSearchParams({ variant, disposition })}`,
      { accessToken },
    ),

  /** Starts an upload: the file row and a signed address that takes PUT or tus. */
  create: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    body: { name: string; contentType: string; size: number },
  ) =>
    apiCall<{ fileId: string; uploadUrl: string }>(context, filesPath(teamId, collectionId), {
      method: "POST",
      accessToken,
      body,
    }),
};
