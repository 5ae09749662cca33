import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Body, type Query, querySuffix, type Schema } from "./contract.ts";

/** A file as the API answers it (docs/product.md#entities, File). */
export type FileItem = Schema<"File">;
export type FileNeighbours = Schema<"FileNeighbours">;

const FILES_PARENT = "/api/teams/{teamId}/collections/{collectionId}";
const FILES = `${FILES_PARENT}/files` as const;
const FILE = `${FILES}/{fileId}` as const;
export type FileListQuery = Query<typeof FILES>;
export type FileSort = NonNullable<FileListQuery["sort"]>;
/** The filters and order of a file's neighbours: the list's, without the page. */
export type FileFilterQuery = Query<`${typeof FILE}/neighbours`>;
export type FileVariant = NonNullable<Query<`${typeof FILE}/content`>["variant"]>;

const filesPath = (teamId: string, collectionId: string) =>
  `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/files`;
const filePath = (teamId: string, collectionId: string, fileId: string) =>
  `${filesPath(teamId, collectionId)}/${encodeURIComponent(fileId)}`;

export const filesApi = {
  /**
   * The collection's files the caller may see, by refDate; with `include: "collection"`, the
   * collection too (marked read, as collectionsApi.get does).
   */
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    query: FileListQuery = {},
  ) =>
    apiCall<Answer<typeof FILES, "get">>(
      context,
      `${filesPath(teamId, collectionId)}${querySuffix(query)}`,
      { accessToken },
    ),

  /** One file; the API marks it read for the caller. */
  get: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
  ) =>
    apiCall<Answer<typeof FILE, "get">>(context, filePath(teamId, collectionId, fileId), {
      accessToken,
    }),

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
    apiCall<Answer<`${typeof FILE}/neighbours`, "get">>(
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
    apiCall<Answer<typeof FILE, "patch">>(context, filePath(teamId, collectionId, fileId), {
      method: "PATCH",
      accessToken,
      body: [{ op: "replace", path: "/name", value: name }] satisfies Body<typeof FILE, "patch">,
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
    apiCall<Answer<`${typeof FILE}/content`, "get">>(
      context,
      `${filePath(teamId, collectionId, fileId)}/content${querySuffix({ variant, disposition })}`,
      { accessToken },
    ),

  /**
   * Marks the collection and every file of it the caller sees as read, for the caller only
   * (docs/product.md#lists).
   */
  markAllRead: (context: WebContext, accessToken: string, teamId: string, collectionId: string) =>
    apiCall<Answer<`${typeof FILES_PARENT}/read`, "post">>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/read`,
      { method: "POST", accessToken },
    ),

  /** Starts an upload: the file row and a signed address that takes PUT or tus. */
  create: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    body: Body<typeof FILES, "post">,
  ) =>
    apiCall<Answer<typeof FILES, "post">>(context, filesPath(teamId, collectionId), {
      method: "POST",
      accessToken,
      body,
    }),

  /**
   * Which of the files about to be sent are already in the collection (ADR 102): by SHA-256
   * when given, else by name and size (byKey).
   */
  duplicates: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    body: Body<`${typeof FILES_PARENT}/duplicates`, "post">,
  ) =>
    apiCall<Answer<`${typeof FILES_PARENT}/duplicates`, "post">>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/duplicates`,
      { method: "POST", accessToken, body },
    ),

  /** What one more file may take in the collection: its largest size, the room left (ADR 083). */
  uploadRoom: (context: WebContext, accessToken: string, teamId: string, collectionId: string) =>
    apiCall<Answer<`${typeof FILES_PARENT}/upload-room`, "get">>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/collections/${encodeURIComponent(collectionId)}/upload-room`,
      { accessToken },
    ),
};
