import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { filtersHref, readFilters } from "#app/collections/collections-filters.ts";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useRevalidateWhile } from "#app/components/poll.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { downloadsApi } from "#app/services/api/downloads.server.ts";
import { orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { DOWNLOAD_POLL_MS } from "#domain/constants.ts";
import { formatFileSize } from "#domain/format.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * A collection's download (docs/product.md#downloads): preparing, then ready with "Download now",
 * one link per part. While it is not ready the page looks again every 5 seconds: a revalidation
 * with JavaScript, a refresh without. Each link starts the download through
 * /teams/{teamId}/downloads/{downloadId}/download, which fetches the signed link.
 */

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = filtersHref(base, readFilters(new URL(request.url).searchParams));
  const { body: download } = await orGoBack(
    downloadsApi.get(context, auth.accessToken, team.teamId, params.downloadId ?? ""),
    { request, context, to: back, auth },
  );
  const start = `/teams/${encodeURIComponent(params.teamId ?? "")}/downloads/${encodeURIComponent(download.requestId)}/download`;
  return data({ download, back, start }, { headers: auth.headers });
}

export default function DownloadDialog() {
  const { t, i18n } = useTranslation("collections");
  const { download, back, start } = useLoaderData<typeof loader>();
  const ready = download.status === "ready";
  const failed = download.status === "failed";
  // Every 5 seconds until ready or failed (docs/product.md#limits).
  useRevalidateWhile(!ready && !failed, DOWNLOAD_POLL_MS);
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  return (
    <RouteDialog
      title={t("download.title", { name: download.name })}
      closeTo={back}
      closeLabel={t("download.close")}
    >
      <Flex direction="column" gap="4">
        {failed ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t("messages:errors.preparingDownload")}</Callout.Text>
          </Callout.Root>
        ) : !ready ? (
          <Callout.Root role="status">
            <noscript>
              <meta httpEquiv="refresh" content={String(DOWNLOAD_POLL_MS / 1000)} />
            </noscript>
            <Callout.Text>{t("download.preparing")}</Callout.Text>
          </Callout.Root>
        ) : download.totalParts === 1 ? (
          <>
            <Callout.Root color="grass" role="status">
              <Callout.Text>
                {t("download.ready", {
                  count: download.parts[0]?.fileCount ?? 0,
                  size: size(download.parts[0]?.size ?? 0),
                })}
              </Callout.Text>
            </Callout.Root>
            <Button asChild size="3">
              <Link to={start} reloadDocument>
                <Icon name="download" />
                {t("download.now")}
              </Link>
            </Button>
          </>
        ) : (
          <>
            <Callout.Root color="grass" role="status">
              <Callout.Text>
                {t("download.readyParts", { count: download.totalParts })}
              </Callout.Text>
            </Callout.Root>
            <ul className="plain-list download-parts">
              {download.parts.map((part) => (
                <li key={part.partId}>
                  <Button asChild variant="soft">
                    <Link to={`${start}?part=${part.partId}`} reloadDocument>
                      <Icon name="download" />
                      {t("download.part", {
                        part: part.partId,
                        total: download.totalParts,
                        size: size(part.size),
                      })}
                    </Link>
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
        {ready ? (
          <Text as="p" size="2" color="gray">
            {t("download.expires")}
          </Text>
        ) : null}
      </Flex>
    </RouteDialog>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
