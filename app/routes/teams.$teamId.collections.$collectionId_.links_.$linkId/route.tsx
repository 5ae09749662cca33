import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { DataList } from "#app/components/data-list.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { CopyButton } from "#app/drop-links/copy-button.tsx";
import { qrSvgOf, requireLink, requireLinksScope } from "#app/drop-links/drop-links.server.ts";
import { linkRow } from "#app/drop-links/link-rows.ts";
import { LinksHeader } from "#app/drop-links/links-header.tsx";
import { StateBadge } from "#app/drop-links/state-badge.tsx";
import { detectLocale } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { dropLinksApi } from "#app/services/api/drop-links.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

export const handle = { i18n: ["common", "teams", "links", "messages"] };
export { dropLinksStylesheet as links } from "#app/drop-links/stylesheet.ts";

/** What each intent sets the link's status to. */
const INTENTS = { pause: "paused", resume: "active", revoke: "revoked" } as const;

/**
 * One drop link (ADR 097): its QR code (the API's SVG, drawn inline), its address to copy or
 * select, its counts and state, and Pause or Resume, Revoke (a question first: `?confirm=revoke`,
 * a page of its own without JavaScript), Edit and Print poster.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const link = await requireLink(scope, params.linkId);
  const [qr, locale] = await Promise.all([qrSvgOf(scope, link.linkId), detectLocale(request)]);
  const confirm = new URL(request.url).searchParams.get("confirm");
  return data(
    {
      title: link.title,
      collectionName: scope.collection.name,
      linksBase: scope.linksBase,
      linkBase: `${scope.linksBase}/${encodeURIComponent(link.linkId)}`,
      link: linkRow(link, locale),
      qr,
      askRevoke: confirm === "revoke" && link.status !== "revoked",
    },
    { headers: scope.auth.headers },
  );
}

/** `intent`: pause, resume or revoke; back to the link's page with a snackbar. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const link = await requireLink(scope, params.linkId);
  const intent = (await request.formData()).get("intent");
  if (intent !== "pause" && intent !== "resume" && intent !== "revoke") return unknownIntent();
  const back = `${scope.linksBase}/${encodeURIComponent(link.linkId)}`;
  const { refusal } = await attempt(
    dropLinksApi.patch(context, scope.auth.accessToken, scope.team.teamId, link.linkId, {
      status: INTENTS[intent],
    }),
  );
  return redirectWithToast(
    request,
    context,
    back,
    refusal
      ? { type: "error", message: `messages:errors.${refusal.errorCode}` }
      : { type: "success", message: `links:toasts.${intent}d`, values: { title: link.title } },
    { status: 303, headers: scope.auth.headers },
  );
}

export default function DropLinkScreen() {
  const { t } = useTranslation("links");
  const page = useLoaderData<typeof loader>();
  const { link } = page;
  const busy = useNavigation().state === "submitting";
  const revoked = link.status === "revoked";
  return (
    <Flex direction="column" gap="4" className="links-screen">
      <LinksHeader
        back={page.linksBase}
        backLabel={t("link.back")}
        title={link.title}
        subtitle={page.collectionName}
      >
        <StateBadge state={link.state} />
      </LinksHeader>
      <div className="link-page">
        <div className="link-qr-box">
          <div
            className="link-qr"
            role="img"
            aria-label={t("link.qrLabel", { url: link.url })}
            // The API's own SVG (the qrcode package's markup): paths, no script.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our API's QR code SVG
            dangerouslySetInnerHTML={{ __html: page.qr }}
          />
          <Flex direction="column" gap="2" className="link-address">
            <Text as="p" size="2" weight="medium">
              {t("link.address")}
            </Text>
            <code id="link-url" className="link-url">
              {link.url}
            </code>
            <CopyButton text={link.url} />
          </Flex>
        </div>
        <Flex direction="column" gap="4" className="link-details">
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>{t("link.state")}</DataList.Label>
              <DataList.Value>{t(`stateHint.${link.state}`)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t("link.deadline")}</DataList.Label>
              <DataList.Value>{link.deadline ?? t("deadline.none")}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t("link.guests")}</DataList.Label>
              <DataList.Value>{link.counts.guests}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t("link.files")}</DataList.Label>
              <DataList.Value>
                {t("link.filesValue", { count: link.counts.files, size: link.bytes })}
              </DataList.Value>
            </DataList.Item>
            {link.counts.held > 0 ? (
              <DataList.Item>
                <DataList.Label>{t("link.held")}</DataList.Label>
                <DataList.Value>{link.counts.held}</DataList.Value>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.Label>{t("link.pin")}</DataList.Label>
              <DataList.Value>{link.hasPin ? t("link.pinSet") : t("link.pinNone")}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Flex gap="3" wrap="wrap" className="link-actions">
            <Button asChild variant="soft">
              <Link to={`${page.linkBase}/poster?size=a4`}>{t("link.poster")}</Link>
            </Button>
            {revoked ? null : (
              <>
                <Button asChild variant="soft" color="gray">
                  <Link to={`${page.linkBase}/edit`}>
                    <Icon name="pencil-2" />
                    {t("link.edit")}
                  </Link>
                </Button>
                <Form method="post">
                  {link.status === "paused" ? (
                    <Button
                      type="submit"
                      name="intent"
                      value="resume"
                      variant="soft"
                      color="grass"
                      highContrast
                      disabled={busy}
                    >
                      <Icon name="play" />
                      {t("link.resume")}
                    </Button>
                  ) : (
                    <Button
                      type="submit"
                      name="intent"
                      value="pause"
                      variant="soft"
                      color="amber"
                      // Amber's usual text on its soft background is under WCAG's 4.5:1.
                      highContrast
                      disabled={busy}
                    >
                      <Icon name="pause" />
                      {t("link.pause")}
                    </Button>
                  )}
                </Form>
                <Button asChild variant="soft" color="red">
                  <Link to="?confirm=revoke" preventScrollReset>
                    <Icon name="cross-circled" />
                    {t("link.revoke")}
                  </Link>
                </Button>
              </>
            )}
          </Flex>
          {revoked ? (
            <Text as="p" size="2" color="gray">
              {t("link.revokedNote")}
            </Text>
          ) : null}
        </Flex>
      </div>
      {page.askRevoke ? (
        <ConfirmDialog
          title={t("revoke.title")}
          message={t("revoke.question", { title: link.title })}
          closeTo={page.linkBase}
          closeLabel={t("revoke.close")}
          cancelLabel={t("revoke.cancel")}
          submitLabel={t("revoke.submit")}
          danger
        >
          <input type="hidden" name="intent" value="revoke" />
        </ConfirmDialog>
      ) : null}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
