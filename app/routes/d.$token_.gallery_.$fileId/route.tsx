import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { Button } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import {
  galleryGuest,
  galleryHeaders,
  galleryPaths,
  inGallery,
} from "#app/drop-links/gallery.server.ts";
import { isPlayableVideo } from "#app/files/file-preview-icon.tsx";
import { PreviewStage } from "#app/files/preview-stage.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { dropGalleryApi } from "#app/services/api/drop-gallery.server.ts";
import { formatFileSize } from "#domain/format.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/**
 * One file of a drop link's gallery (ADR 100): its preview as members see it (a picture, a
 * video's poster and player), Download, and the previous and next files of the gallery. With
 * `?download`, the original itself: a fresh link each time, since a signed link lasts minutes
 * and a page may stay open for hours.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, credential } = await galleryGuest(request, params.token);
  const fileId = params.fileId ?? "";
  const [{ body: file }, t] = await Promise.all([
    inGallery(token, dropGalleryApi.file(context, token, credential, fileId)),
    i18nServer.getFixedT(request, "files"),
  ]);
  if (new URL(request.url).searchParams.has("download")) {
    throw redirect(file.downloadUrl, { status: 303 });
  }
  const { downloadUrl: _, ...shown } = file;
  return {
    ...galleryPaths(token),
    file: shown,
    title: t("gallery.previewTitle", { name: file.name }),
  };
}

export const headers = galleryHeaders;

export default function GalleryPreview() {
  const { t, i18n } = useTranslation("files");
  const { base, file } = useLoaderData<typeof loader>();
  const stage = useRef<HTMLDivElement>(null);
  const self = `${base}/${encodeURIComponent(file.fileId)}`;
  const downloadHref = `${self}?download`;
  const neighbour = (fileId: string | null) =>
    fileId === null ? null : `${base}/${encodeURIComponent(fileId)}`;
  const previous = neighbour(file.previousId);
  const next = neighbour(file.nextId);
  return (
    <Flex direction="column" gap="3" className="page gallery-preview">
      <Flex align="center" gap="3" justify="between" wrap="wrap">
        <Button asChild variant="ghost" size="2">
          <Link to={base}>
            <Icon name="arrow-left" />
            {t("gallery.backToGallery")}
          </Link>
        </Button>
        <Button asChild size="2">
          <Link to={downloadHref} reloadDocument>
            <Icon name="download" />
            {t("gallery.download")}
          </Link>
        </Button>
      </Flex>
      <Flex direction="column" gap="1" minWidth="0">
        <Heading as="h1" size="5" className="gallery-preview-name" title={file.name}>
          {file.name}
        </Heading>
        <Text size="2" color="gray">
          {formatFileSize(file.size, i18n.language)}
          {file.width && file.height ? ` · ${file.width} × ${file.height}` : ""}
        </Text>
      </Flex>
      <div className="gallery-stage">
        <PreviewStage
          stageRef={stage}
          file={{ ...file, noPreviewReason: null }}
          video={isPlayableVideo(file.contentType) ? { src: file.playUrl } : null}
          live={null}
          downloadHref={downloadHref}
          refreshHref={self}
        />
      </div>
      <Flex align="center" justify="between" gap="3" className="gallery-nav">
        {previous ? (
          <Button asChild variant="soft" size="3">
            <Link to={previous} rel="prev">
              <Icon name="chevron-left" />
              {t("gallery.previous")}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        <Text size="2" color="gray">
          {t("gallery.position", { position: file.position, total: file.total })}
        </Text>
        {next ? (
          <Button asChild variant="soft" size="3">
            <Link to={next} rel="next">
              {t("gallery.next")}
              <Icon name="chevron-right" />
            </Link>
          </Button>
        ) : (
          <span />
        )}
      </Flex>
    </Flex>
  );
}

export { unlistedTitleMeta as meta } from "#app/services/meta.ts";

// Inline in each gallery page: a module of its own shared by the two would be a chunk of its own,
// which the bundler's small-chunk merging then folds into every page's first load.
export function ErrorBoundary() {
  const { t } = useTranslation("files");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        410: () => ({
          title: t("gallery.revokedTitle"),
          message: t("messages:errors.dropLinkRevoked"),
        }),
      }}
    />
  );
}
