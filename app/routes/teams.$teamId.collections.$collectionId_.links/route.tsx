import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { requireLinksScope } from "#app/drop-links/drop-links.server.ts";
import { type LinkRow, linkRow } from "#app/drop-links/link-rows.ts";
import { LinksHeader } from "#app/drop-links/links-header.tsx";
import { StateBadge } from "#app/drop-links/state-badge.tsx";
import { detectLocale, i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { dropLinksApi } from "#app/services/api/drop-links.server.ts";

export const handle = { i18n: ["common", "teams", "links", "messages"] };
export { dropLinksStylesheet as links } from "#app/drop-links/stylesheet.ts";

/**
 * A collection's drop links (ADR 097), for its owner and admins: each link's title, state,
 * counts and deadline (in the link's own time zone, named), newest first, and "New drop link".
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const [{ body }, locale, t] = await Promise.all([
    dropLinksApi.list(
      context,
      scope.auth.accessToken,
      scope.team.teamId,
      scope.collection.collectionId,
    ),
    detectLocale(request),
    i18nServer.getFixedT(request, "links"),
  ]);
  return data(
    {
      title: t("list.metaTitle", { collection: scope.collection.name }),
      collectionName: scope.collection.name,
      collectionBase: scope.collectionBase,
      linksBase: scope.linksBase,
      rows: body.links.map((link) => linkRow(link, locale)),
    },
    { headers: scope.auth.headers },
  );
}

export default function DropLinksScreen() {
  const { t } = useTranslation("links");
  const page = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="4" className="links-screen">
      <LinksHeader
        back={page.collectionBase}
        backLabel={t("list.back", { collection: page.collectionName })}
        title={t("list.title")}
        subtitle={page.collectionName}
      >
        <Button asChild ml="auto">
          <Link to={`${page.linksBase}/new`}>{t("list.new")}</Link>
        </Button>
      </LinksHeader>
      <Text as="p" size="2" color="gray">
        {t("list.intro")}
      </Text>
      {page.rows.length === 0 ? (
        <Text as="p" size="3" className="links-empty">
          {t("list.empty")}
        </Text>
      ) : (
        <ul className="links-list">
          {page.rows.map((row) => (
            <LinkItem key={row.linkId} row={row} href={`${page.linksBase}/${row.linkId}`} />
          ))}
        </ul>
      )}
    </Flex>
  );
}

function LinkItem({ row, href }: { row: LinkRow; href: string }) {
  const { t } = useTranslation("links");
  return (
    <li className="links-row">
      <Link to={href} className="links-row-link">
        <Flex align="center" gap="2" wrap="wrap" minWidth="0">
          <Text size="3" weight="medium" className="links-row-title">
            {row.title}
          </Text>
          <StateBadge state={row.state} />
        </Flex>
        <Text size="2" color="gray">
          {t("counts.guests", { count: row.counts.guests })}
          {" · "}
          {t("counts.files", { count: row.counts.files })}
          {row.counts.held > 0 ? ` · ${t("counts.held", { count: row.counts.held })}` : null}
        </Text>
        <Text size="2" color="gray">
          {row.deadline ? t("deadline.until", { deadline: row.deadline }) : t("deadline.none")}
        </Text>
      </Link>
    </li>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
