import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { Button } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import {
  galleryGuest,
  galleryHeaders,
  galleryPaths,
  inGallery,
} from "#app/drop-links/gallery.server.ts";
import { FilePicture, FileTypeIcon } from "#app/files/file-preview-icon.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { dropGalleryApi } from "#app/services/api/drop-gallery.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { formatDuration } from "#domain/format.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/** Files on a page: the API's default, a grid of 3 columns filled 20 rows down. */
const GALLERY_PAGE = 60;
/** Tiles above the fold on a phone load at once; the rest as they near the screen. */
const EAGER_TILES = 9;

/**
 * A drop link's read-only gallery (ADR 100): the team and the collection, a grid of the files
 * the API shows guests, 60 to a page ("More" is a link without JavaScript, and loads as it
 * scrolls into view with it), the collection's zip as a plain form, and the way back to the
 * link's page to send files. A link with a PIN needs this browser to be its guest.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, credential } = await galleryGuest(request, params.token);
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const [{ body: page }, t] = await Promise.all([
    inGallery(
      token,
      dropGalleryApi.page(context, token, credential, { cursor, limit: GALLERY_PAGE }),
    ),
    i18nServer.getFixedT(request, "files"),
  ]);
  return {
    ...galleryPaths(token),
    cursor: cursor ?? "",
    title: t("gallery.metaTitle", { collection: page.collection.name }),
    team: page.team,
    collection: page.collection,
    files: page.files.map((file) => ({
      fileId: file.fileId,
      name: file.name,
      contentType: file.contentType,
      thumbnailUrl: file.thumbnailUrl,
      durationMs: file.durationMs,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * `intent=zip`: the collection's zip, made now. One part (almost always): straight to its link,
 * which the browser saves as a download. More: the page lists each part's link.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, credential } = await galleryGuest(request, params.token);
  const form = await request.formData();
  if (form.get("intent") !== "zip") return unknownIntent();
  const { body: zip } = await inGallery(token, dropGalleryApi.zip(context, token, credential));
  const [only, ...others] = zip.parts;
  if (only && others.length === 0) return redirect(only.url, { status: 303 });
  return data({ parts: zip.parts.map(({ partId, url }) => ({ partId, url })) });
}

export const headers = galleryHeaders;

type Tile = ReturnType<typeof useLoaderData<typeof loader>>["files"][number];
const pageOfTiles = (page: { files: Tile[]; nextCursor: string | null }) => ({
  items: page.files,
  lastKey: page.nextCursor,
});
const tileKey = (tile: Tile) => tile.fileId;

export default function Gallery() {
  const { t } = useTranslation("files");
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const zip = answer && "parts" in answer ? answer : null;
  const { base } = page;
  const { items, nextHref, moreLinkProps } = useInfiniteList({
    first: useMemo(() => ({ items: page.files, lastKey: page.nextCursor }), [page]),
    hrefFor: (cursor) => `${base}?${new URLSearchParams({ cursor })}`,
    pageOf: pageOfTiles,
    keyOf: tileKey,
  });
  return (
    <Flex direction="column" gap="4" className="page gallery">
      <Flex align="center" gap="3" className="gallery-team">
        {page.team.logoUrl ? (
          <img src={page.team.logoUrl} alt="" width={40} height={40} className="gallery-logo" />
        ) : null}
        <Text size="3" weight="medium" className="gallery-team-name">
          {page.team.name}
        </Text>
      </Flex>
      <Flex direction="column" gap="1">
        <Heading as="h1" size="7" className="gallery-title">
          {page.collection.name}
        </Heading>
        <Text size="2" color="gray">
          {t("gallery.count", { count: page.collection.fileCount })}
        </Text>
      </Flex>
      <Flex gap="3" wrap="wrap" align="center">
        {page.collection.fileCount > 0 ? (
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="zip" />
            <Button type="submit" size="3">
              <Icon name="download" />
              {t("gallery.downloadAll")}
            </Button>
          </Form>
        ) : null}
        <Button asChild size="3" variant="soft">
          <Link to={page.home} reloadDocument>
            <Icon name="upload" />
            {t("gallery.send")}
          </Link>
        </Button>
      </Flex>
      {zip ? (
        <Card size="2">
          <Flex direction="column" gap="2">
            <Text as="p">{t("gallery.parts")}</Text>
            <ul className="download-parts">
              {zip.parts.map((part) => (
                <li key={part.partId}>
                  <TextLink href={part.url}>
                    {t("gallery.part", { part: part.partId, parts: zip.parts.length })}
                  </TextLink>
                </li>
              ))}
            </ul>
          </Flex>
        </Card>
      ) : null}
      {items.length === 0 ? (
        <Card size="3">
          <Text as="p" color="gray">
            {t("gallery.empty")}
          </Text>
        </Card>
      ) : (
        <ul className="files-grid" aria-label={t("gallery.filesLabel")}>
          {items.map((file, index) => (
            <li key={file.fileId}>
              <Link to={`${base}/${encodeURIComponent(file.fileId)}`} title={file.name}>
                <span>
                  {file.thumbnailUrl ? (
                    <FilePicture
                      url={file.thumbnailUrl}
                      contentType={file.contentType}
                      alt=""
                      iconSize={32}
                      lazy={index >= EAGER_TILES}
                      plain
                    />
                  ) : (
                    <span className="file-icon">
                      <FileTypeIcon contentType={file.contentType} size={32} />
                    </span>
                  )}
                  {file.durationMs !== null ? (
                    <span className="file-duration">{formatDuration(file.durationMs)}</span>
                  ) : null}
                </span>
                <span>{file.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        firstHref={page.cursor ? base : null}
        next={{ nextHref, moreLinkProps }}
        labels={{ first: t("gallery.firstPage"), more: t("gallery.more") }}
      />
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
