import { redirect } from "@remix-run/node";
import { fileFilterSearch, fileListQuery, readFileFilters } from "#app/files/files-filters.ts";
import { chosenFilesView } from "#app/files/files-view.server.ts";
import { type FilesView, filesViewFor, GRID_PAGE_SIZE } from "#app/files/files-view.ts";
import { today } from "#app/filters/date-range.ts";
import { detectLocale } from "#app/i18n/language.server.ts";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import type { Schema } from "#app/services/api/contract.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import { memberNickname } from "#app/services/api/members.server.ts";
import { type Auth, userIdOf } from "#app/services/auth.server.ts";
import { canStream, deferFor } from "#app/services/streaming.server.ts";
import { PAGE_SIZE } from "#domain/constants.ts";
import { dateTimeFormat } from "#domain/format.ts";
import {
  compactLinks,
  FILE_DATE_STYLE,
  FILE_DAY_STYLE,
  type FileRow,
  fileRow,
  linkPrefix,
} from "./file-row.ts";

type Collection = Schema<"Collection">;
type FileList = Schema<"FileList">;

/**
 * A collection of the team the caller may not see (ADR 071): who created it, for the page that
 * says whom to ask.
 */
export interface HiddenCollection {
  hidden: { creator: string | null };
}

/**
 * The call's answer, or HiddenCollection when the API says the collection is one of the team's
 * that the caller may not see (403 `forbidden` with its creator). Any other failure throws, to
 * the route error mapping: a missing collection, or a team the caller is not in, is the 404 page.
 */
async function hiddenOr<T>(call: Promise<T>): Promise<T | HiddenCollection> {
  const outcome = await attempt(call);
  if (!outcome.refusal) return outcome.value;
  const { refusal } = outcome;
  if (refusal.statusCode !== 403 || !("creator" in refusal.body)) throw refusal;
  const creator = refusal.body.creator as { nickname?: unknown } | null;
  return {
    hidden: { creator: typeof creator?.nickname === "string" ? creator.nickname : null },
  };
}

/** One page of the files list, as the screen's loader answers it, and the view it is shown in. */
export interface FilesPage {
  view: FilesView;
  /** The rows, their picture links without `links` (compactLinks). */
  files: FileRow[];
  /** What the rows' picture links share before their file's id (linkPrefix). */
  links: string;
  lastKey: string | null;
}

/**
 * What the files screen shows for this address: the collection (marked read; a missing one is a
 * 404, which the route error mapping sends to /404; one of the team you may not see is
 * HiddenCollection) and a page of its files. A page rendered
 * whole (no JavaScript, a bot, a first visit) asks for both in one call; a browser that streams
 * gets the collection first and the rows deferred. A next page (`cursor`, what the "load more"
 * link and the infinite list ask for) is answered whole.
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
  const locale = await detectLocale(request);
  const formats = {
    dates: dateTimeFormat(locale, FILE_DATE_STYLE),
    days: dateTimeFormat(locale, FILE_DAY_STYLE),
  };
  // The view (ADR 073): a next page's continues the first page's; else the person's choice;
  // else the one the page's files suggest, decided on the table's first 20.
  const chosen = (filters.cursor && filters.view) || (await chosenFilesView(request));
  const creatorName = () =>
    filters.creator && filters.tab === "all"
      ? memberNickname(context, accessToken, teamParam, filters.creator)
      : null;
  const screen = (
    collection: Collection,
    creator: string | null,
    files: { streamed: FilesPage | Promise<FilesPage> },
  ) => ({
    collection: {
      collectionId: collection.collectionId,
      name: collection.name,
      heldFiles: collection.heldFiles,
    },
    collectionMode: collection.mode,
    collectionCreatedBy: collection.createdBy,
    userId,
    filters,
    creatorName: creator,
    base,
    files,
    /** Today (UTC, YYYY-MM-DD): the date pickers offer no later day, JavaScript or not. */
    today: today(),
  });
  const query = fileListQuery(filters, userId, chosen === "grid" ? GRID_PAGE_SIZE : PAGE_SIZE);
  const apiPage = (include?: "collection", more?: { lastKey: string; limit: number }) =>
    filesApi.list(context, accessToken, teamParam, collectionId, { ...query, include, ...more });
  /**
   * The page in its view. Without a choice, the first 20 decide; a grid then asks for the rest
   * of its 60 after them.
   */
  const list = async (include?: "collection") => {
    const first = await apiPage(include);
    const view = chosen || filesViewFor(first.body.files);
    const { lastKey } = first.body.pagination;
    if (chosen || view === "list" || lastKey === null) return { body: { ...first.body, view } };
    const rest = await apiPage(undefined, { lastKey, limit: GRID_PAGE_SIZE - PAGE_SIZE });
    const files = [...first.body.files, ...rest.body.files];
    return { body: { ...first.body, files, pagination: rest.body.pagination, view } };
  };
  const pageOf = (page: FileList & { view: FilesView }): FilesPage => {
    const links = linkPrefix(page.files);
    return {
      view: page.view,
      files: page.files.map((file) => compactLinks(fileRow(file, formats, page.view), links)),
      links,
      lastKey: page.pagination.lastKey,
    };
  };

  if (!filters.cursor && !canStream(request)) {
    // One API call instead of two: a files page's costliest part after rendering (ADR 055).
    const [listed, creator] = await Promise.all([hiddenOr(list("collection")), creatorName()]);
    if ("hidden" in listed) return listed;
    const { body } = listed;
    if (!body.collection) throw new Error("The API answered the files without their collection");
    return screen(body.collection, creator, { streamed: pageOf(body) });
  }

  const read = await hiddenOr(collectionsApi.get(context, accessToken, teamParam, collectionId));
  if ("hidden" in read) return read;
  const collection = read.body;
  const nextPage = async (): Promise<FilesPage> => {
    const listed = await attempt(list());
    // A "load more" link from an older list: start again from the first page.
    if (listed.refusal) {
      throw redirect(`${base}${fileFilterSearch(filters)}`, { headers: auth.headers });
    }
    return pageOf(listed.value.body);
  };
  const [creator, files] = await Promise.all([
    creatorName(),
    filters.cursor
      ? nextPage().then((page) => ({ streamed: page }))
      : deferFor(
          request,
          list().then(({ body }) => pageOf(body)),
        ),
  ]);
  return screen(collection, creator, files);
}
