import { data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { IconButton } from "#app/components/button.tsx";
import { DataList } from "#app/components/data-list.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text, Theme } from "#app/components/layout.tsx";
import { useRevalidateWhile } from "#app/components/poll.ts";
import { isPlayableVideo } from "#app/files/file-preview-icon.tsx";
import {
  FILES_ROUTE_ID,
  fileListQuery,
  readFileFilters,
  screenSearch,
} from "#app/files/files-filters.ts";
import { PreviewStage } from "#app/files/preview-stage.tsx";
import { detectLocale } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { filesApi } from "#app/services/api/files.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth, userIdOf } from "#app/services/auth.server.ts";
import { orGoBack } from "#app/services/team-route.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { type CollectionMode, canDeleteFile, canDownloadFromPreview } from "#domain/roles.ts";
import { type FileDetails, fileDetails } from "./file-details.server.ts";
import { usePreviewKeys } from "./use-preview-keys.ts";
import { useSwipe } from "./use-swipe.ts";
import { videoSource } from "./video-source.server.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/**
 * A file's full-screen preview (docs/product.md#screens, Files screen): reading the file marks it
 * read. It covers the files page, opaque, and is dark in both themes, as photo viewers are: the
 * picture is seen against a neutral dark surround, and the controls take Radix's dark colours.
 * Previous and next follow the screen's filters and order: the API's neighbours of this file
 * under the same filters and sort, with its place in that list ("3 of 8") and the next file's
 * preview, loaded ahead (ADR 075). A video, and a Live Photo's film, plays from an inline link
 * to its bytes (videoSource), for those whose role may fetch the original. `details=1` opens
 * the details panel, written on the server in the visitor's language.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  const fileId = params.fileId ?? "";
  const base = `/teams/${encodeURIComponent(teamParam)}/collections/${encodeURIComponent(collectionId)}`;
  const url = new URL(request.url);
  const filters = readFileFilters(url.searchParams);
  const search = screenSearch(url.searchParams);
  const { creator, uploader, from, to, sort } = {
    uploader: undefined,
    ...fileListQuery(filters, userIdOf(auth), 1),
  };
  // A file since gone (or not yours): back to the list, with why.
  const [{ body: file }, { body: neighbours }] = await orGoBack(
    Promise.all([
      filesApi.get(context, auth.accessToken, teamParam, collectionId, fileId),
      filesApi.neighbours(context, auth.accessToken, teamParam, collectionId, fileId, {
        creator,
        uploader,
        from,
        to,
        sort,
      }),
    ]),
    { request, context, to: `${base}${search}`, auth },
  );
  const goBack = { request, context, to: `${base}${search}`, auth };
  const video = isPlayableVideo(file.contentType)
    ? await orGoBack(videoSource(context, auth, params, file), goBack)
    : null;
  // A Live Photo (ADR 063): its film plays from its own link. `live=play` asks for it playing at
  // once, which is how Play works without JavaScript.
  const live = file.motion
    ? {
        fileId: file.motion.fileId,
        ...(await orGoBack(videoSource(context, auth, params, file, file.motion.fileId), goBack)),
        playing: url.searchParams.get("live") === "play",
      }
    : null;
  return data(
    {
      file: {
        fileId: file.fileId,
        name: file.name,
        contentType: file.contentType,
        previewStatus: file.previewStatus,
        noPreviewReason: file.noPreviewReason,
        previewUrl: file.previewUrl,
        uploadedBy: file.uploadedBy,
      },
      video,
      live,
      previousId: neighbours.previousId,
      nextId: neighbours.nextId,
      nextPreviewUrl: neighbours.nextPreviewUrl,
      position: neighbours.position,
      total: neighbours.total,
      details: fileDetails(file, await detectLocale(request)),
      base,
      search,
    },
    { headers: auth.headers },
  );
}

/**
 * Opening or closing the details panel changes only `details`: the page has what it shows
 * already, so it does not ask the API again (which would sign the video's link anew under it).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The same address is a revalidation asked for (a preview being prepared looks again).
  if (formMethod || currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) {
    return defaultShouldRevalidate;
  }
  const withoutDetails = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("details");
    return params.toString();
  };
  return withoutDetails(currentUrl) === withoutDetails(nextUrl) ? false : defaultShouldRevalidate;
}

export default function FilePreview() {
  const { t } = useTranslation("files");
  const {
    file,
    video,
    live,
    previousId,
    nextId,
    nextPreviewUrl,
    position,
    total,
    details,
    base,
    search,
  } = useLoaderData<typeof loader>();
  const { team } = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID) as TeamRouteData;
  const titleId = useId();
  const detailsId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const { pathname, search: ownSearch } = useLocation();
  const detailsOpen = new URLSearchParams(ownSearch).get("details") === "1";
  // The screen's query, and the panel kept open from file to file.
  const withDetails = (query: string, open: boolean) => {
    const params = new URLSearchParams(query);
    if (open) params.set("details", "1");
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  const fileHref = (fileId: string) =>
    `${base}/files/${encodeURIComponent(fileId)}${withDetails(search, detailsOpen)}`;
  const closeHref = `${base}${search}`;
  const previousHref = previousId ? fileHref(previousId) : null;
  const nextHref = nextId ? fileHref(nextId) : null;
  const detailsHref = `${pathname}${withDetails(search, !detailsOpen)}`;
  const downloadHref = `${base}/files/${encodeURIComponent(file.fileId)}/download`;
  const mayDownload = canDownloadFromPreview(team.memberRole);
  // Move to the trash (ADR 093): the files screen under the preview knows the collection.
  const screen = useRouteLoaderData<{
    collectionMode?: CollectionMode;
    collectionCreatedBy?: string;
    userId?: string;
  }>(FILES_ROUTE_ID);
  const mayDelete =
    screen?.collectionMode !== undefined &&
    screen.collectionCreatedBy !== undefined &&
    screen.userId !== undefined &&
    canDeleteFile({ userId: screen.userId, role: team.memberRole }, file, {
      mode: screen.collectionMode,
      createdBy: screen.collectionCreatedBy,
    });
  const deleteHref = `${base}/files/${encodeURIComponent(file.fileId)}/delete${withPreview(search)}`;

  const liveHref = (playing: boolean) => {
    const params = new URLSearchParams(withDetails(search, detailsOpen));
    if (playing) params.set("live", "play");
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  usePreviewKeys({ closeHref, previousHref, nextHref });
  useSwipe(stage, { previousHref, nextHref });
  // Being prepared: look again until it is ready or has none. Not while a video plays: its
  // link would change under it.
  useRevalidateWhile(file.previewStatus === "pending" && !video?.src, PENDING_POLL_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file takes the focus again
  useEffect(() => {
    frame.current?.focus();
  }, [file.fileId]);

  // The next picture, loaded while this one is looked at: it shows at once on Next or a swipe.
  useEffect(() => {
    if (!nextPreviewUrl) return;
    const ahead = new Image();
    ahead.decoding = "async";
    ahead.src = nextPreviewUrl;
  }, [nextPreviewUrl]);

  return (
    <Theme
      appearance="dark"
      className="file-preview"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      ref={frame}
      tabIndex={-1}
    >
      <Flex className="file-preview-bar" align="center" justify="between" gap="2" p="2">
        <Heading as="h2" size="4" id={titleId} className="file-preview-title" title={file.name}>
          {file.name}
        </Heading>
        <Flex gap="2" align="center" flexShrink="0">
          <IconButton
            asChild
            size="3"
            variant={detailsOpen ? "solid" : "soft"}
            color="gray"
            highContrast
          >
            <Link
              to={detailsHref}
              replace
              preventScrollReset
              aria-label={detailsOpen ? t("preview.hideDetails") : t("preview.showDetails")}
              aria-expanded={detailsOpen}
              aria-controls={detailsOpen ? detailsId : undefined}
            >
              <Icon name="info-circled" />
            </Link>
          </IconButton>
          {mayDownload ? (
            <IconButton asChild size="3" variant="soft" color="gray" highContrast>
              <Link to={downloadHref} reloadDocument aria-label={t("preview.download")}>
                <Icon name="download" />
              </Link>
            </IconButton>
          ) : null}
          {mayDelete ? (
            <IconButton asChild size="3" variant="soft" color="gray" highContrast>
              <Link to={deleteHref} preventScrollReset aria-label={t("preview.delete")}>
                <Icon name="trash" />
              </Link>
            </IconButton>
          ) : null}
          <IconButton asChild size="3" variant="soft" color="gray" highContrast>
            <Link to={closeHref} preventScrollReset aria-label={t("preview.close")}>
              <Icon name="cross-2" />
            </Link>
          </IconButton>
        </Flex>
      </Flex>
      <PreviewStage
        stageRef={stage}
        file={file}
        video={video}
        live={
          live && {
            src: live.src,
            playing: live.playing,
            playHref: liveHref(true),
            photoHref: liveHref(false),
            downloadHref: mayDownload
              ? `${base}/files/${encodeURIComponent(live.fileId)}/download`
              : null,
          }
        }
        downloadHref={mayDownload ? downloadHref : null}
        refreshHref={`${pathname}${ownSearch}`}
      />
      <nav className="file-preview-nav" aria-label={t("preview.navigation")}>
        <StepLink to={previousHref} label={t("preview.previous")} className="file-preview-prev">
          <Icon name="chevron-left" size={24} />
        </StepLink>
        <Text as="p" size="2" className="file-preview-position" aria-live="polite">
          {position !== null ? t("preview.position", { position, total }) : null}
        </Text>
        <StepLink to={nextHref} label={t("preview.next")} className="file-preview-next">
          <Icon name="chevron-right" size={24} />
        </StepLink>
      </nav>
      {detailsOpen ? <DetailsPanel id={detailsId} details={details} /> : null}
    </Theme>
  );
}

/**
 * Previous or next: it replaces the preview in the history, so Back leaves the preview. At
 * either end of the list it stays in its place, disabled, so the others do not move.
 */
function StepLink({
  to,
  label,
  className,
  children,
}: {
  to: string | null;
  label: string;
  className: string;
  children: ReactNode;
}) {
  if (!to) {
    return (
      <IconButton
        size="4"
        variant="soft"
        color="gray"
        highContrast
        className={className}
        disabled
        aria-label={label}
      >
        {children}
      </IconButton>
    );
  }
  return (
    <IconButton asChild size="4" variant="soft" color="gray" highContrast className={className}>
      <Link to={to} replace preventScrollReset aria-label={label}>
        {children}
      </Link>
    </IconButton>
  );
}

/** What there is to know about the file: beside the picture on a wide screen, under it on a phone. */
function DetailsPanel({ id, details }: { id: string; details: FileDetails }) {
  const { t } = useTranslation("files");
  const headingId = useId();
  const rows: [string, string][] = [
    [t("preview.details.taken"), details.taken ?? t("preview.details.notRecorded")],
    [
      t("preview.details.uploaded"),
      t("preview.details.uploadedByOn", {
        name: details.guest
          ? details.guest.name
            ? t("guest.named", { name: details.guest.name })
            : t("guest.unnamed")
          : (details.uploaderName ?? t("table.formerMember")),
        date: details.uploaded,
      }),
    ],
    [t("preview.details.size"), details.size],
    ...(details.dimensions
      ? [
          [
            t("preview.details.dimensions"),
            t(`preview.details.${details.dimensions.unit}`, {
              width: details.dimensions.width,
              height: details.dimensions.height,
            }),
          ] as [string, string],
        ]
      : []),
    ...(details.duration
      ? [[t("preview.details.duration"), details.duration] as [string, string]]
      : []),
    [t("preview.details.type"), details.contentType],
    [t("preview.details.camera"), details.camera ?? t("preview.details.notRecorded")],
  ];
  return (
    // It scrolls on a phone when it is longer than its place: reachable with Tab to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable (WCAG 2.1.1)
    <section id={id} className="file-preview-details" aria-labelledby={headingId} tabIndex={0}>
      <Heading as="h3" size="3" id={headingId} mb="3">
        {t("preview.details.title")}
      </Heading>
      <DataList.Root orientation="horizontal" size="2">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </section>
  );
}

/** The screen's query with `preview`: the delete question's Cancel comes back here (ADR 093). */
function withPreview(search: string) {
  const params = new URLSearchParams(search);
  params.set("preview", "1");
  return `?${params}`;
}

/** How often a preview being prepared looks again. */
const PENDING_POLL_MS = 3000;
