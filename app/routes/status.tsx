import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge } from "#app/components/badge.tsx";
import { DataList } from "#app/components/data-list.tsx";
import { Card, Flex, Heading } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { getStatus } from "#app/services/api/status.server.ts";
import { getAuth } from "#app/services/auth.server.ts";
import { pageTitle } from "#app/services/meta.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * The API's status (docs/product.md#interface), in the reader's language. A signed-in owner or
 * admin of a team also sees what a proxy did to uploads (ADR 103).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request, context);
  const [status, t] = await Promise.all([
    getStatus(context, auth?.accessToken),
    i18nServer.getFixedT(request),
  ]);
  return data(
    { status, title: pageTitle(context.config.productName, t("status.title")) },
    { headers: auth?.headers },
  );
}

export default function StatusPage() {
  const { status } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const ok = status.status === "ok";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Heading as="h1" size="7">
        {t("status.title")}
      </Heading>
      <Card size="3">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>{t("status.status")}</DataList.Label>
            <DataList.Value>
              <Badge color={ok ? "grass" : "red"} size="2">
                {ok ? t("status.ok") : t("status.unavailable")}
              </Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("status.message")}</DataList.Label>
            {/* In the reader's language: the API's own message is for operators, in English. */}
            <DataList.Value>
              {ok ? t("status.okMessage") : t("status.unavailableMessage")}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t("status.timestamp")}</DataList.Label>
            <DataList.Value>
              <time dateTime={new Date(status.timestamp).toISOString()}>
                {new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: "long",
                  timeStyle: "long",
                  timeZone: "UTC",
                }).format(status.timestamp)}
              </time>
            </DataList.Value>
          </DataList.Item>
          {status.uploadChunkLimitBytes ? (
            // For whoever runs a team, until the process restarts (ADR 103).
            <DataList.Item>
              <DataList.Label>{t("status.uploads")}</DataList.Label>
              <DataList.Value data-testid="status-proxy-chunks">
                {t("status.proxyChunks", {
                  size: formatFileSize(status.uploadChunkLimitBytes, i18n.language),
                })}
              </DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.title ?? [];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
