import { ArrowLeftIcon, Cross2Icon, ReloadIcon, UploadIcon } from "@radix-ui/react-icons";
import {
  Badge,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Text,
} from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import {
  Await,
  Form,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DateFilter } from "#app/components/date-filter.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import {
  type FileFilters,
  fileFilterSearch,
  fileListQuery,
  readFileFilters,
} from "#app/components/files-filters.ts";
import { type FileRow, FilesTable } from "#app/components/files-table.tsx";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import { memberNickname } from "#app/services/api/members.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth, userIdOf } from "#app/services/auth.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { deferFor } from "#app/services/streaming.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { PAGE_SIZE } from "#domain/constants.ts";
import { canCreateFile } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "collections", "files", "messages"] };

export interface FilesPage {
  files: FileRow[];
  lastKey: string | null;
}

/**
 * A collection's files (spec section 2, Files screen). The collection comes first (and is
 * marked read; one you cannot see is a 404, which the route error mapping sends to /404); the
 * rows are deferred for browsers that run JavaScript and rendered whole for the others. A next
 * page (`cursor`, what the "load more" link and the infinite list ask for) is answered whole.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  const teamBase = `/teams/${encodeURIComponent(teamParam)}`;
  const base = `${teamBase}/collections/${encodeURIComponent(collectionId)}`;
  const filters = readFileFilters(new URL(request.url).searchParams);
  const userId = userIdOf(auth);
  const { accessToken } = auth;

  const { body: collection } = await collectionsApi.get(
    context,
    accessToken,
    teamParam,
    collectionId,
  );
  const query = fileListQuery(filters, userId, PAGE_SIZE);
  const firstPage = async (): Promise<FilesPage> => {
    const { body } = await filesApi.list(context, accessToken, teamParam, collectionId, query);
    return { files: body.files, lastKey: body.pagination.lastKey };
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
    return { files: body.files, lastKey: body.pagination.lastKey };
  };
  const [creatorName, files] = await Promise.all([
    filters.creator && filters.tab === "all"
      ? memberNickname(context, accessToken, teamParam, filters.creator)
      : null,
    filters.cursor
      ? nextPage().then((page) => ({ streamed: page }))
      : deferFor(request, firstPage()),
  ]);
  return data(
    {
      collection: { collectionId: collection.collectionId, name: collection.name },
      collectionMode: collection.mode,
      collectionCreatedBy: collection.createdBy,
      userId,
      filters,
      creatorName,
      base,
      files,
    },
    { headers: auth.headers },
  );
}

export default function FilesScreen() {
  const { t } = useTranslation("files");
  const loaderData = useLoaderData<typeof loader>();
  const { collection, filters, creatorName, base, files, userId } = loaderData;
  const { team, base: teamBase } = useRouteLoaderData<TeamRouteData>(
    TEAM_ROUTE_ID,
  ) as TeamRouteData;
  const location = useLocation();
  const actor = { userId, role: team.memberRole };
  const mayUpload = canCreateFile(team.memberRole, {
    collectionMode: loaderData.collectionMode,
    collectionCreatedBy: loaderData.collectionCreatedBy,
    userId,
  });
  const href = (changes: Partial<FileFilters>) => `${base}${fileFilterSearch(filters, changes)}`;
  const search = fileFilterSearch(filters, { cursor: filters.cursor });

  return (
    <Flex direction="column" gap="4" className="files-screen">
      <Flex align="center" gap="3" wrap="wrap">
        <IconButton asChild variant="ghost" size="3">
          <Link to={teamBase} aria-label={t("screen.back", { team: team.name })}>
            <ArrowLeftIcon width="20" height="20" aria-hidden />
          </Link>
        </IconButton>
        <Heading as="h1" size="7" className="files-title">
          {collection.name}
        </Heading>
        <IconButton asChild variant="soft" color="gray">
          <Link
            to={`${location.pathname}${location.search}`}
            preventScrollReset
            aria-label={t("screen.refresh")}
          >
            <ReloadIcon aria-hidden />
          </Link>
        </IconButton>
        {mayUpload ? (
          <Button asChild ml="auto">
            <Link to={`${base}/upload${search}`} preventScrollReset>
              <UploadIcon aria-hidden />
              {t("screen.upload")}
            </Link>
          </Button>
        ) : null}
      </Flex>

      <Form method="get" action={base} preventScrollReset className="files-filters">
        {filters.tab !== "all" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        {filters.creator ? <input type="hidden" name="creator" value={filters.creator} /> : null}
        {filters.sort === "asc" ? <input type="hidden" name="sort" value="asc" /> : null}
        <Flex gap="4" align="end" wrap="wrap">
          <DateFilter from={filters.from} to={filters.to} clearHref={href({ from: "", to: "" })} />
          <noscript>
            <Button type="submit" variant="soft" mb="1">
              {t("screen.applyDates")}
            </Button>
          </noscript>
        </Flex>
      </Form>

      <Flex gap="3" align="center" wrap="wrap">
        <nav aria-label={t("screen.tabs")}>
          <Flex gap="2">
            {(["all", "mine"] as const).map((tab) => (
              <Button
                key={tab}
                asChild
                size="2"
                radius="full"
                variant={filters.tab === tab ? "solid" : "soft"}
              >
                <Link
                  to={href(tab === "mine" ? { tab, creator: "" } : { tab })}
                  preventScrollReset
                  aria-current={filters.tab === tab ? "page" : undefined}
                >
                  {t(`screen.${tab}`)}
                </Link>
              </Button>
            ))}
          </Flex>
        </nav>
        {filters.creator && filters.tab === "all" ? (
          <Badge size="2" radius="full" className="filter-chip">
            {t("screen.creatorChip", { name: creatorName ?? t("table.formerMember") })}
            <Link
              to={href({ creator: "" })}
              preventScrollReset
              aria-label={t("screen.clearCreator")}
              className="filter-chip-clear"
            >
              <Cross2Icon aria-hidden />
            </Link>
          </Badge>
        ) : null}
      </Flex>

      <Suspense fallback={<LoadingFiles />}>
        <Await resolve={files.streamed} errorElement={<FilesError />}>
          {(page) => (
            <FilesList
              page={page}
              filters={filters}
              base={base}
              actor={actor}
              mayUpload={mayUpload}
              href={href}
            />
          )}
        </Await>
      </Suspense>
      <Outlet />
    </Flex>
  );
}

function LoadingFiles() {
  const { t } = useTranslation("files");
  return (
    <Callout.Root color="gray" role="status">
      <Callout.Text>{t("screen.loading")}</Callout.Text>
    </Callout.Root>
  );
}

function FilesError() {
  const { t } = useTranslation("messages");
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{t("errors.generic")}</Callout.Text>
    </Callout.Root>
  );
}

const pageOfFiles = (data: { files: { streamed: FilesPage } }) => ({
  items: data.files.streamed.files,
  lastKey: data.files.streamed.lastKey,
});
const fileKey = (file: FileRow) => file.fileId;

function FilesList({
  page,
  filters,
  base,
  actor,
  mayUpload,
  href,
}: {
  page: FilesPage;
  filters: FileFilters;
  base: string;
  actor: { userId: string; role: TeamRouteData["team"]["memberRole"] };
  mayUpload: boolean;
  href: (changes: Partial<FileFilters>) => string;
}) {
  const { t } = useTranslation("files");
  const {
    items: files,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.files, lastKey: page.lastKey }), [page]),
    hrefFor: (lastKey) => href({ cursor: lastKey }),
    pageOf: pageOfFiles,
    keyOf: fileKey,
  });
  const filtered = Boolean(filters.tab !== "all" || filters.creator || filters.from || filters.to);
  if (files.length === 0) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Text as="p" color="gray">
            {filtered ? t("screen.noMatch") : t("screen.empty")}
          </Text>
          {mayUpload && !filtered ? (
            <Button asChild>
              <Link to={`${base}/upload`} preventScrollReset>
                <UploadIcon aria-hidden />
                {t("screen.upload")}
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <div className="files-table-wrap">
        <FilesTable
          files={files}
          actor={actor}
          base={base}
          search={fileFilterSearch(filters, { cursor: filters.cursor })}
          sort={filters.sort}
          sortHref={href({ sort: filters.sort === "asc" ? "desc" : "asc" })}
          creatorHref={(userId) => href({ tab: "all", creator: userId })}
        />
      </div>
      <Flex gap="3" justify="center" wrap="wrap">
        {filters.cursor ? (
          <RadixLink asChild size="2">
            <Link to={href({})} preventScrollReset>
              {t("screen.firstPage")}
            </Link>
          </RadixLink>
        ) : null}
        {nextHref ? (
          <RadixLink asChild size="2">
            <Link to={nextHref} preventScrollReset {...moreLinkProps}>
              {t("screen.loadMore")}
            </Link>
          </RadixLink>
        ) : null}
      </Flex>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.collection.name);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
