import { redirect } from "@remix-run/node";
import { today } from "#app/components/date-range.ts";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { type FileItem, filesApi } from "#app/services/api/files.server.ts";
import { memberNickname } from "#app/services/api/members.server.ts";
import { type Auth, userIdOf } from "#app/services/auth.server.ts";
import { detectLocale } from "#app/services/i18n.server.ts";
import { deferFor } from "#app/services/streaming.server.ts";
import { PAGE_SIZE } from "#domain/constants.ts";
import { dateTimeFormat } from "#domain/format.ts";
import { fileFilterSearch, fileListQuery, readFileFilters } from "./files-filters.ts";
import { FILE_DATE_STYLE, type FileRow, fileRow } from "./files-table.tsx";

/** One page of the files list, as the screen's loader answers it. */
export interface FilesPage {
  files: FileRow[];
  lastKey: string | null;
}

/**
 * What the files screen shows for this address. The collection comes first (and is marked read;
 * one you cannot see is a 404, which the route error mapping sends to /404); the rows are
 * deferred for browsers that run JavaScript and rendered whole for the others. A next page
 * (`cursor`, what the "load more" link and the infinite list ask for) is answered whole.
 */
export async function loadFilesScreen(
  request: Request,
  context: WebContext,
  auth: Auth,
  params: { teamId?: string; collectionId?: string },
) {
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  const teamBase = `/teams/${encodeURIComponent(teamParam)}`;
  const base = `${teamBase}/collections/${encodeURIComponent(collectionId)}`;
  const filters = readFileFilters(new URL(request.url).searchParams);
  const userId = userIdOf(auth);
  const { accessToken } = auth;
  const dates = dateTimeFormat(await detectLocale(request), FILE_DATE_STYLE);
  const rows = (files: FileItem[]) => files.map((file) => fileRow(file, dates));

  const { body: collection } = await collectionsApi.get(
    context,
    accessToken,
    teamParam,
    collectionId,
  );
  const query = fileListQuery(filters, userId, PAGE_SIZE);
  const firstPage = async (): Promise<FilesPage> => {
    const { body } = await filesApi.list(context, accessToken, teamParam, collectionId, query);
    return { files: rows(body.files), lastKey: body.pagination.lastKey };
  };
  const nextPage = async (): Promise<FilesPage> => {
    const listed = await attempt(
      filesApi.list(context, accessToken, teamParam, collectionId, query),
    );
    // A "load more" link from an older list: start again from the first page.
    if (listed.refusal) {
      throw redirect(`${base}${fileFilterSearch(filters)}`, { headers: auth.headers });
    }
    const { body } = listed.value;
    return { files: rows(body.files), lastKey: body.pagination.lastKey };
  };
  const [creatorName, files] = await Promise.all([
    filters.creator && filters.tab === "all"
      ? memberNickname(context, accessToken, teamParam, filters.creator)
      : null,
    filters.cursor
      ? nextPage().then((page) => ({ streamed: page }))
      : deferFor(request, firstPage()),
  ]);
  return {
    collection: { collectionId: collection.collectionId, name: collection.name },
    collectionMode: collection.mode,
    collectionCreatedBy: collection.createdBy,
    userId,
    filters,
    creatorName,
    base,
    files,
    /** Today (UTC, YYYY-MM-DD): the date pickers offer no later day, JavaScript or not. */
    today: today(),
  };
}
