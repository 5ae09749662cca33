import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import {
  formDefaultsOf,
  requireLink,
  requireLinksScope,
  saveLinkSettings,
} from "#app/drop-links/drop-links.server.ts";
import { LinkForm } from "#app/drop-links/link-form.tsx";
import { formDeadline } from "#app/drop-links/link-rows.ts";
import { LinksHeader } from "#app/drop-links/links-header.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { timeZoneNames } from "#domain/time-zones.ts";

export const handle = { i18n: ["common", "teams", "links", "messages"] };
export { dropLinksStylesheet as links } from "#app/drop-links/stylesheet.ts";

/**
 * A drop link's settings, changed (ADR 097): the same form as a new link's, filled in. A blank
 * PIN keeps the one set. A revoked link no longer changes: its page, saying so.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const link = await requireLink(scope, params.linkId);
  const linkBase = `${scope.linksBase}/${encodeURIComponent(link.linkId)}`;
  if (link.status === "revoked") {
    throw await redirectWithToast(
      request,
      context,
      linkBase,
      { type: "error", message: "links:toasts.revokedFinal" },
      { headers: scope.auth.headers },
    );
  }
  const t = await i18nServer.getFixedT(request, "links");
  return data(
    {
      title: t("edit.metaTitle", { title: link.title }),
      linkTitle: link.title,
      linkBase,
      hasPin: link.hasPin,
      zones: timeZoneNames(),
      defaults: formDefaultsOf(link, formDeadline(link)),
    },
    { headers: scope.auth.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const link = await requireLink(scope, params.linkId);
  return saveLinkSettings(scope, link.linkId);
}

export default function EditDropLinkScreen() {
  const { t } = useTranslation("links");
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Flex direction="column" gap="4" className="links-screen links-narrow">
      <LinksHeader
        back={page.linkBase}
        backLabel={t("edit.back")}
        title={t("edit.title")}
        subtitle={page.linkTitle}
      />
      <LinkForm
        id="edit-drop-link"
        defaults={page.defaults}
        zones={page.zones}
        lastResult={lastResult}
        editing
        hasPin={page.hasPin}
        submitLabel={t("edit.submit")}
      />
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
