import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { shapedQuery } from "#api/db/fixed-query.ts";
import { type Db, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import {
  keysetPage,
  type ListPageValues,
  listPageValues,
  REF_DATE_SORTS,
  type RefDateSort,
  refDateDirection,
} from "#api/http/keyset.ts";
import { type Actor, canSeeAllCollections, ROLES, type Role } from "#domain/roles.ts";
import {
  type File,
  type Files,
  type FileViewRow,
  findVisibleFile,
  previewLink,
  selectFiles,
  toFile,
} from "./file-views.ts";

// Lists of files (docs/product.md#lists, docs/product.md#visibility): of a collection, of a team
// and of the caller across teams, and a file's neighbours in its collection's list. Every list
// obeys the visibility rule: an uploader sees only the files it uploaded, in collections it may
// see; the other roles see every file.

export const FILE_SORTS = REF_DATE_SORTS;
export type FileSort = RefDateSort;
/** The uploader filter's values: guests' files only. */
export const FILE_UPLOADER_FILTERS = ["guests"] as const;
export type FileUploaderFilter = (typeof FILE_UPLOADER_FILTERS)[number];
/** The most files one page holds. */
export const FILE_PAGE_MAX = 100;

/** Which files a list holds and in what order, besides the caller's visibility. */
export interface FileFilters {
  creator?: string;
  /** "guests": only files guests sent through drop links (ADR 097). */
  uploader?: FileUploaderFilter;
  from?: number;
  to?: number;
  sort: FileSort;
}

export interface FileListQuery extends FileFilters {
  lastKey?: string;
  limit: number;
}

/**
 * The files listed right before and right after one, under the same filters and order, with
 * their previews' links (for the preview to load the next picture ahead), and the file's place
 * in that list.
 */
export interface FileNeighbours {
  previousId: string | null;
  nextId: string | null;
  previousPreviewUrl: string | null;
  nextPreviewUrl: string | null;
  /** The file's place in the list, from 1; null when the filters leave it out. */
  position: number | null;
  /** How many files the list holds. */
  total: number;
}

export interface FilePage {
  pagination: { lastKey: string | null };
  files: File[];
}

/** Roles that see every file of their team; the uploader sees only its own. */
const SEE_ALL_ROLES = ROLES.filter(canSeeAllCollections);

/** Which files a list covers, besides the caller's visibility. */
type Scope =
  | { kind: "collection"; actor: Actor; teamId: string; collectionId: string }
  | { kind: "team"; actor: Actor; teamId: string }
  | { kind: "mine"; userId: string };

/** A page of one collection's files the caller may see. */
export async function listCollectionFiles(
  files: Files,
  access: TeamAccess,
  collectionId: string,
  query: FileListQuery,
) {
  await requireVisibleCollection(files.db, access, collectionId);
  const scope = {
    kind: "collection",
    actor: actorOf(access),
    teamId: access.team.team_id,
    collectionId,
  } as const;
  return filePage(files, scope, query);
}

/** A page of the team's files the caller may see, across its collections. */
export function listTeamFiles(files: Files, access: TeamAccess, query: FileListQuery) {
  return filePage(
    files,
    { kind: "team", actor: actorOf(access), teamId: access.team.team_id },
    query,
  );
}

/** A page of the files the caller may see across all teams they are active in. */
export function listMyFiles(files: Files, userId: string, query: FileListQuery) {
  return filePage(files, { kind: "mine", userId }, query);
}

/**
 * The files listed right before and right after one in its collection's list under the same
 * filters and order (null at either end), without reading it, and its place in that list. The
 * file itself need not pass the filters: its place in the order is enough for its neighbours,
 * and its position is then null.
 */
export async function fileNeighbours(
  files: Files,
  access: TeamAccess,
  collectionId: string,
  fileId: string,
  filters: FileFilters,
): Promise<FileNeighbours> {
  const { row, actor } = await findVisibleFile(files, access, collectionId, fileId);
  const scope = {
    kind: "collection",
    actor,
    teamId: access.team.team_id,
    collectionId,
  } as const;
  const position = { sortKey: row.ref_date, id: row.file_id };
  const forward = refDateDirection(filters.sort);
  const nearest = async (direction: "asc" | "desc") => {
    const found = await inOrder(listed(files.db, scope, filters), direction, position)
      .clearSelect()
      .select(["files.file_id", "files.name", "files.preview_key"])
      .limit(1)
      .executeTakeFirst();
    return found
      ? {
          fileId: found.file_id,
          previewUrl: await previewLink(files, found.preview_key, found.name),
        }
      : null;
  };
  const [previous, next, place] = await Promise.all([
    nearest(forward === "asc" ? "desc" : "asc"),
    nearest(forward),
    placeInList(files.db, scope, filters, position),
  ]);
  return {
    previousId: previous?.fileId ?? null,
    nextId: next?.fileId ?? null,
    previousPreviewUrl: previous?.previewUrl ?? null,
    nextPreviewUrl: next?.previewUrl ?? null,
    ...place,
  };
}

/**
 * A file's place in its collection's list, and the list's length, from one count over the
 * collection's files under the list's visibility and filters (the files table alone: the
 * collection is already known to be the caller's to see). Every file before it in the list's
 * order is counted, never read: ADR 075.
 */
async function placeInList(
  db: Db,
  scope: Extract<Scope, { kind: "collection" }>,
  filters: FileFilters,
  file: { sortKey: number; id: string },
): Promise<Pick<FileNeighbours, "position" | "total">> {
  // Before it in the list: newer in the default order, older in refDate:asc.
  const before = refDateDirection(filters.sort) === "asc" ? "<" : ">";
  let select = db
    .selectFrom("files")
    .where("files.collection_id", "=", scope.collectionId)
    .where("files.status", "in", VISIBLE_FILE_STATUSES)
    .where("files.deleted_at", "is", null)
    .where("files.review_state", "is", null)
    .where("files.motion_of", "is", null);
  // As `listed` narrows a collection's files: keep the two alike.
  if (!canSeeAllCollections(scope.actor.role)) {
    select = select.where("files.uploaded_by", "=", scope.actor.userId);
  }
  if (filters.creator !== undefined) {
    select = select.where("files.uploaded_by", "=", filters.creator);
  }
  if (filters.uploader === "guests") select = select.where("files.drop_link_id", "is not", null);
  if (filters.from !== undefined) select = select.where("files.ref_date", ">=", filters.from);
  if (filters.to !== undefined) select = select.where("files.ref_date", "<=", filters.to);
  const counted = await select
    .select((eb) => [
      eb.fn.countAll().as("total"),
      eb.fn
        .sum(
          eb
            .case()
            .when(
              eb(
                eb.refTuple("files.ref_date", "files.file_id"),
                before,
                eb.tuple(file.sortKey, file.id),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as("before"),
      eb.fn.sum(eb.case().when("files.file_id", "=", file.id).then(1).else(0).end()).as("listed"),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers counts and sums as text; both answer a sum of no rows as null.
  const total = Number(counted.total);
  const listedItself = Number(counted.listed ?? 0) > 0;
  return { position: listedItself ? Number(counted.before ?? 0) + 1 : null, total };
}

/** One page of a scope's files, in the query's order, after its `lastKey`. */
async function filePage(files: Files, scope: Scope, query: FileListQuery): Promise<FilePage> {
  const rows: FileViewRow[] = await filePageQuery(
    files.db,
    scope.kind === "mine"
      ? {
          kind: "mine",
          direction: refDateDirection(query.sort),
          guests: query.uploader === "guests",
        }
      : {
          kind: scope.kind,
          role: scope.actor.role,
          direction: refDateDirection(query.sort),
          guests: query.uploader === "guests",
        },
    {
      userId: scope.kind === "mine" ? scope.userId : scope.actor.userId,
      teamId: scope.kind === "mine" ? undefined : scope.teamId,
      collectionId: scope.kind === "collection" ? scope.collectionId : undefined,
      ...listPageValues(query),
    },
  );
  const { page, lastKey } = keysetPage(rows, query.limit, (row) => [row.ref_date, row.file_id]);
  return {
    pagination: { lastKey },
    files: await Promise.all(page.map((row) => toFile(files, row))),
  };
}

/**
 * `filePage`'s query, compiled once for each shape (ADR 056): the scope's kind, the caller's
 * role, the order, and which filters and position are given. The ids, the filters, the position
 * and the limit are its values.
 */
const filePageQuery = shapedQuery(
  (
    from: Db,
    shape:
      | { kind: "mine"; direction: "asc" | "desc"; guests: boolean }
      | { kind: "team" | "collection"; role: Role; direction: "asc" | "desc"; guests: boolean },
    values: ListPageValues & { collectionId?: string },
  ) => {
    const { userId, teamId = "", collectionId = "" } = values;
    const scope: Scope =
      shape.kind === "mine"
        ? { kind: "mine", userId }
        : shape.kind === "team"
          ? { kind: "team", actor: { userId, role: shape.role }, teamId }
          : { kind: "collection", actor: { userId, role: shape.role }, teamId, collectionId };
    const after =
      values.afterSortKey === undefined
        ? undefined
        : { sortKey: values.afterSortKey, id: values.afterId ?? "" };
    const filters = { ...values, uploader: shape.guests ? ("guests" as const) : undefined };
    return inOrder(listed(from, scope, filters), shape.direction, after).limit(values.limit);
  },
);

/** The files of a scope the caller may see, narrowed by the filters; not yet ordered. */
function listed(
  from: Db,
  scope: Scope,
  filters: Pick<FileFilters, "creator" | "uploader" | "from" | "to">,
) {
  const userId = scope.kind === "mine" ? scope.userId : scope.actor.userId;
  // A Live Photo's film is listed as its photo's motion, not as an item (ADR 063).
  let select = selectFiles(from, userId).where("files.motion_of", "is", null);
  if (scope.kind === "mine") {
    // Every team the caller is an active member of, each with that team's visibility.
    select = select
      .innerJoin("members as callers", (join) =>
        join.onRef("callers.team_id", "=", "files.team_id").on("callers.user_id", "=", userId),
      )
      // A deleted team's files are missing with it (ADR 094).
      .innerJoin("teams as live_teams", (join) =>
        join
          .onRef("live_teams.team_id", "=", "files.team_id")
          .on("live_teams.deleted_at", "is", null),
      )
      .where("callers.status", "=", "active")
      .where((eb) =>
        eb.or([
          eb("callers.role", "in", SEE_ALL_ROLES),
          eb.and([
            eb("files.uploaded_by", "=", eb.ref("callers.member_id")),
            eb.or([
              eb("collections.mode", "=", "collaborative"),
              eb("collections.created_by", "=", eb.ref("callers.member_id")),
            ]),
          ]),
        ]),
      );
  } else {
    if (scope.kind === "collection") {
      // The team is checked on the collection, not on the files (ADR 042): with `files.team_id`
      // in the query, SQLite walked the team's index (team, date), skipping other collections'
      // files one by one. Beside a 20,000-file collection, page 1 of a small one took 12.2 ms
      // rather than 2.8 (bench/file-pages.ts).
      select = select
        .where("collections.team_id", "=", scope.teamId)
        .where("files.collection_id", "=", scope.collectionId);
    } else {
      select = select.where("files.team_id", "=", scope.teamId);
    }
    if (!canSeeAllCollections(scope.actor.role)) {
      select = select.where("files.uploaded_by", "=", userId);
      if (scope.kind === "team") {
        select = select.where((eb) =>
          eb.or([
            eb("collections.mode", "=", "collaborative"),
            eb("collections.created_by", "=", userId),
          ]),
        );
      }
    }
  }
  if (filters.creator !== undefined) {
    select = select.where("files.uploaded_by", "=", filters.creator);
  }
  if (filters.uploader === "guests") select = select.where("files.drop_link_id", "is not", null);
  if (filters.from !== undefined) select = select.where("files.ref_date", ">=", filters.from);
  if (filters.to !== undefined) select = select.where("files.ref_date", "<=", filters.to);
  return select;
}

/**
 * The files of `select` past a position in `direction`, in that order: a row-value comparison on
 * (ref_date, file_id), which SQLite and PostgreSQL both answer from the index as one range; the
 * equivalent OR of two conditions made page 500 of 20,000 files 1.8 times slower than page 1 on
 * SQLite (bench/file-pages.ts). Without a position, from the start.
 */
function inOrder(
  select: ReturnType<typeof listed>,
  direction: "asc" | "desc",
  past?: { sortKey: number; id: string },
) {
  let ordered = select;
  if (past) {
    ordered = ordered.where((eb) =>
      eb(
        eb.refTuple("files.ref_date", "files.file_id"),
        direction === "asc" ? ">" : "<",
        eb.tuple(past.sortKey, past.id),
      ),
    );
  }
  return ordered.orderBy("files.ref_date", direction).orderBy("files.file_id", direction);
}
