import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import { requireLinksScope, settingsOf } from "#app/drop-links/drop-links.server.ts";
import { LinkForm } from "#app/drop-links/link-form.tsx";
import { DropLinkFormSchema } from "#app/drop-links/link-schemas.ts";
import { LinksHeader } from "#app/drop-links/links-header.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { dropLinksApi, type NewDropLink } from "#app/services/api/drop-links.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
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
  const scope = await requireLinksScope(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: DropLinkFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: scope.auth.headers });
  }
  const { value, refusal } = await attempt(
    dropLinksApi.create(
      context,
      scope.auth.accessToken,
      scope.team.teamId,
      scope.collection.collectionId,
      settingsOf(submission.value, false) as NewDropLink,
    ),
  );
  if (refusal) return formRefusal(submission, refusal, { headers: scope.auth.headers });
  return redirectWithToast(
    request,
    context,
    `${scope.linksBase}/${encodeURIComponent(value.body.linkId)}`,
    { type: "success", message: "links:toasts.created", values: { title: value.body.title } },
    { status: 303, headers: scope.auth.headers },
  );
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
