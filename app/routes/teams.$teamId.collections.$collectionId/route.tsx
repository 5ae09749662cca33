import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Await, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { Flex } from "#app/components/layout.tsx";
import {
  type FileFilters,
  fileFilterSearch,
  pageSearch,
  readFileFilters,
} from "#app/files/files-filters.ts";
import { serializeFilesView } from "#app/files/files-view.server.ts";
import { isFilesView } from "#app/files/files-view.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canManageDropLinks } from "#domain/drop-links.ts";
import { canCreateFile, canDownloadCollection } from "#domain/roles.ts";
import { FilesFilterBar } from "./files-filter-bar.tsx";
import { FilesHeader } from "./files-header.tsx";
import { FilesError, FilesList, LoadingFiles } from "./files-list.tsx";
import { loadFilesScreen } from "./files-page.server.ts";
import { HiddenCollectionPage } from "./hidden-collection.tsx";

export const handle = { i18n: ["common", "teams", "collections", "files", "messages"] };

/**
 * A collection's files (docs/product.md#screens, Files screen): the collection, the filters in the
 * address, and the rows (streamed to browsers that run JavaScript); see loadFilesScreen. A
 * collection of the team the caller may not see is a 403 page that says whom to ask (ADR 071).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const screen = await loadFilesScreen(request, context, auth, params);
  return data(screen, { status: "hidden" in screen ? 403 : 200, headers: auth.headers });
}

/**
 * "Mark all as read" (intent `markRead`): the collection and every file of it the caller sees,
 * for the caller (docs/product.md#lists); back to the same address with a snackbar. Grid or List
 * (intent `view`): kept in a cookie for every collection (ADR 073), back to the same address
 * (its page in the view chosen).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "view") return chooseView(request, auth.headers, form.get("view"));
  if (intent !== "markRead") return unknownIntent();
  await filesApi.markAllRead(
    context,
    auth.accessToken,
    params.teamId ?? "",
    params.collectionId ?? "",
  );
  const url = new URL(request.url);
  return redirectWithToast(
    request,
    context,
    `${url.pathname}${url.search}`,
    { type: "success", message: "files:toasts.markedRead" },
    { status: 303, headers: auth.headers },
  );
}

async function chooseView(request: Request, authHeaders: HeadersInit, view: unknown) {
  if (!isFilesView(view)) return unknownIntent();
  const url = new URL(request.url);
  const filters = readFileFilters(url.searchParams);
  const headers = new Headers(authHeaders);
  headers.append("Set-Cookie", await serializeFilesView(request, view));
  const back = `${url.pathname}${fileFilterSearch(filters, { cursor: filters.cursor })}`;
  return redirect(back, { status: 303, headers });
}

export default function FilesRoute() {
  const loaderData = useLoaderData<typeof loader>();
  if ("hidden" in loaderData) return <HiddenCollectionPage creator={loaderData.hidden.creator} />;
  return <FilesScreen screen={loaderData} />;
}

type Screen = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { hidden: unknown }>;

function FilesScreen({ screen: loaderData }: { screen: Screen }) {
  const { collection, filters, creatorName, base, files, userId, today } = loaderData;
  const { team, base: teamBase } = useRouteLoaderData<TeamRouteData>(
    TEAM_ROUTE_ID,
  ) as TeamRouteData;
  const actor = { userId, role: team.memberRole };
  const mayUpload = canCreateFile(team.memberRole, {
    collectionMode: loaderData.collectionMode,
    collectionCreatedBy: loaderData.collectionCreatedBy,
    userId,
  });
  const href = (changes: Partial<FileFilters>) => `${base}${fileFilterSearch(filters, changes)}`;
  const search = pageSearch(filters);

  return (
    <Flex direction="column" gap="4" className="files-screen">
      <FilesHeader
        name={collection.name}
        teamName={team.name}
        teamBase={teamBase}
        uploadHref={mayUpload ? `${base}/upload${search}` : null}
        markReadAction={`${base}${fileFilterSearch(filters)}`}
        download={
          canDownloadCollection(team.memberRole)
            ? { action: `${teamBase}/downloads`, collectionId: collection.collectionId }
            : null
        }
        linksHref={canManageDropLinks(team.memberRole) ? `${base}/links` : null}
      />
      <FilesFilterBar
        base={base}
        filters={filters}
        creatorName={creatorName}
        href={href}
        today={today}
        heldFiles={collection.heldFiles}
      />
      <Suspense fallback={<LoadingFiles />}>
        <Await resolve={files.streamed} errorElement={<FilesError />}>
          {(page) => (
            <FilesList
              page={page}
              filters={filters}
              base={base}
              actor={actor}
              collection={{
                mode: loaderData.collectionMode,
                createdBy: loaderData.collectionCreatedBy,
              }}
              mayUpload={mayUpload}
              href={href}
              selection={
                canDownloadCollection(team.memberRole)
                  ? {
                      action: `${teamBase}/downloads`,
                      collectionId: collection.collectionId,
                      name: collection.name,
                    }
                  : null
              }
            />
          )}
        </Await>
      </Suspense>
      <Outlet />
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(
    rootProductName(matches),
    data && "collection" in data ? data.collection.name : undefined,
  );

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
