import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import { requireLinksScope, saveLinkSettings } from "#app/drop-links/drop-links.server.ts";
import { LinkForm } from "#app/drop-links/link-form.tsx";
import { LinksHeader } from "#app/drop-links/links-header.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { dropLinksApi } from "#app/services/api/drop-links.server.ts";
import { DEFAULT_GUESTS_SEE } from "#domain/drop-links.ts";
import { timeZoneNames } from "#domain/time-zones.ts";

export const handle = { i18n: ["common", "teams", "links", "messages"] };
export { dropLinksStylesheet as links } from "#app/drop-links/stylesheet.ts";

/**
 * A new drop link (ADR 097): its settings' form. The time zone starts as the last link's of the
 * collection, or UTC; with JavaScript, the browser's. Once made, the link's page opens, with its
 * QR code.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const [{ body }, t] = await Promise.all([
    dropLinksApi.list(
      context,
      scope.auth.accessToken,
      scope.team.teamId,
      scope.collection.collectionId,
    ),
    i18nServer.getFixedT(request, "links"),
  ]);
  return data(
    {
      title: t("new.metaTitle"),
      collectionName: scope.collection.name,
      linksBase: scope.linksBase,
      zones: timeZoneNames(),
      timeZone: body.links[0]?.timeZone ?? "UTC",
    },
    { headers: scope.auth.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveLinkSettings(await requireLinksScope(request, context, params));
}

export default function NewDropLinkScreen() {
  const { t } = useTranslation("links");
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Flex direction="column" gap="4" className="links-screen links-narrow">
      <LinksHeader
        back={page.linksBase}
        backLabel={t("new.back")}
        title={t("new.title")}
        subtitle={page.collectionName}
      />
      <LinkForm
        id="new-drop-link"
        defaults={{ timeZone: page.timeZone, askName: "optional", guestsSee: DEFAULT_GUESTS_SEE }}
        zones={page.zones}
        lastResult={lastResult}
        editing={false}
        hasPin={false}
        submitLabel={t("new.submit")}
      />
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
