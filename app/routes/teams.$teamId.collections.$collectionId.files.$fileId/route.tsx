import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Theme } from "#app/components/layout.tsx";
import { useRevalidateWhile } from "#app/components/poll.ts";
import { isPlayableVideo } from "#app/files/file-preview-icon.tsx";
import { fileListQuery, readFileFilters, screenSearch } from "#app/files/files-filters.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { filesApi } from "#app/services/api/files.server.ts";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { requireAuth, userIdOf } from "#app/services/auth.server.ts";
import { orGoBack } from "#app/services/team-route.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { canDownloadFromPreview } from "#domain/roles.ts";
import { PreviewStage } from "./preview-stage.tsx";
import { usePreviewKeys } from "./use-preview-keys.ts";
import { videoSource } from "./video-source.server.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/**
 * A file's full-screen preview (docs/product.md#screens, Files screen): reading the file marks it
 * read. It covers the files page, opaque, and is dark in both themes, as photo viewers are: the
 * picture is seen against a neutral dark surround, and the controls take Radix's dark colours.
 * Previous and next follow the screen's filters and order: the API's neighbours of this file
 * under the same filters and sort. A video, and a Live Photo's film, plays from an inline link
 * to its bytes (videoSource), for those whose role may fetch the original.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  const fileId = params.fileId ?? "";
  const base = `/teams/${encodeURIComponent(teamParam)}/collections/${encodeURIComponent(collectionId)}`;
  const filters = readFileFilters(new URL(request.url).searchParams);
  const search = screenSearch(new URL(request.url).searchParams);
  const { creator, from, to, sort } = fileListQuery(filters, userIdOf(auth), 1);
  // A file since gone (or not yours): back to the list, with why.
  const [{ body: file }, { body: neighbours }] = await orGoBack(
    Promise.all([
      filesApi.get(context, auth.accessToken, teamParam, collectionId, fileId),
      filesApi.neighbours(context, auth.accessToken, teamParam, collectionId, fileId, {
        creator,
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
        playing: new URL(request.url).searchParams.get("live") === "play",
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
      },
      video,
      live,
      previousId: neighbours.previousId,
      nextId: neighbours.nextId,
      base,
      search,
    },
    { headers: auth.headers },
  );
}

export default function FilePreview() {
  const { t } = useTranslation("files");
  const { file, video, live, previousId, nextId, base, search } = useLoaderData<typeof loader>();
  const { team } = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID) as TeamRouteData;
  const titleId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const fileHref = (fileId: string) => `${base}/files/${encodeURIComponent(fileId)}${search}`;
  const closeHref = `${base}${search}`;
  const previousHref = previousId ? fileHref(previousId) : null;
  const nextHref = nextId ? fileHref(nextId) : null;
  const downloadHref = `${base}/files/${encodeURIComponent(file.fileId)}/download`;
  const mayDownload = canDownloadFromPreview(team.memberRole);

  const { pathname, search: ownSearch } = useLocation();
  const liveHref = (playing: boolean) => {
    const params = new URLSearchParams(search);
    if (playing) params.set("live", "play");
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  usePreviewKeys({ closeHref, previousHref, nextHref });
  // Being prepared: look again until it is ready or has none. Not while a video plays: its
  // link would change under it.
  useRevalidateWhile(file.previewStatus === "pending" && !video?.src, PENDING_POLL_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file takes the focus again
  useEffect(() => {
    frame.current?.focus();
  }, [file.fileId]);

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
      <Flex className="file-preview-bar" align="center" justify="between" gap="3" p="3">
        <Heading as="h2" size="4" id={titleId} className="file-preview-title" title={file.name}>
          {file.name}
        </Heading>
        <Flex gap="2" align="center">
          {mayDownload ? (
            <IconButton asChild variant="soft" color="gray" highContrast>
              <Link to={downloadHref} reloadDocument aria-label={t("preview.download")}>
                <Icon name="download" />
              </Link>
            </IconButton>
          ) : null}
          <IconButton asChild variant="soft" color="gray" highContrast>
            <Link to={closeHref} preventScrollReset aria-label={t("preview.close")}>
              <Icon name="cross-2" />
            </Link>
          </IconButton>
        </Flex>
      </Flex>
      <PreviewStage
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
        previousHref={previousHref}
        nextHref={nextHref}
        downloadHref={mayDownload ? downloadHref : null}
        refreshHref={`${pathname}${ownSearch}`}
      />
    </Theme>
  );
}

/** How often a preview being prepared looks again. */
const PENDING_POLL_MS = 3000;
