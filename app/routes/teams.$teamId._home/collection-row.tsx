import { Form } from "@remix-run/react";
import type { ListedCollection } from "#app/collections/collections-page.server.ts";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { canManageDropLinks } from "#domain/drop-links.ts";
import {
  type Actor,
  canDeleteCollection,
  canDownloadCollection,
  canRenameCollection,
  canShareCollection,
  shareTransition,
} from "#domain/roles.ts";

/**
 * One collection in the list: a link to its files (bold and marked while unread), and the menu
 * of what the caller may do with it: rename, tag members, share or unshare (dialogs over the
 * list), download it as a zip (a form post, then the download's dialog), and move it to the
 * trash (a question over the list, ADR 093); for owners and admins, its drop links (ADR 097).
 * Its links are plain:
 * the list opens them and closes the menu (useListLinks).
 */
export function CollectionRow({
  collection,
  base,
  search,
  actor,
}: {
  collection: ListedCollection;
  base: string;
  search: string;
  actor: Actor;
}) {
  const { t } = useTranslation("collections");
  const unread = collection.readAt === null;
  const id = encodeURIComponent(collection.collectionId);
  const mayRename = canRenameCollection(actor, collection);
  const transition = canShareCollection(actor.role, collection)
    ? shareTransition(collection)
    : null;
  const mayDownload = canDownloadCollection(actor.role);
  const mayDelete = canDeleteCollection(actor.role);
  const mayManageLinks = canManageDropLinks(actor.role);
  return (
    <li className="collection-row" data-unread={unread || undefined}>
      <a href={`${base}/collections/${id}`} className="collection-link">
        <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
          <Flex align="center" gap="2" minWidth="0" wrap="wrap">
            {collection.status === "draft" ? <Icon name="pencil-2" label={t("row.draft")} /> : null}
            <Text
              size="3"
              weight={unread ? "bold" : "regular"}
              className="collection-name"
              title={collection.name}
            >
              {collection.name}
            </Text>
            {unread ? (
              // Blue's usual text on its soft background is 4.3:1, under WCAG's 4.5 for small text.
              <Badge size="1" color="blue" highContrast>
                {t("row.unread")}
              </Badge>
            ) : null}
            {collection.mode === "collaborative" ? (
              <Badge size="1" color="gray">
                {t("row.collaborative")}
              </Badge>
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            {t("row.meta", {
              creator: collection.creator?.nickname ?? t("row.formerMember"),
              date: collection.updated,
            })}
            {" · "}
            {t("row.files", { count: collection.filesCount })}
          </Text>
        </Flex>
      </a>
      {mayRename || transition || mayDownload || mayDelete || mayManageLinks ? (
        <details className="menu">
          <summary aria-label={t("row.actions", { name: collection.name })} />
          <div className="menu-panel">
            {mayRename ? (
              <a href={`${base}/rename-collection/${id}${search}`} data-keep-scroll>
                {t("row.rename")}
              </a>
            ) : null}
            {mayRename ? (
              <a href={`${base}/tag-collection/${id}${search}`} data-keep-scroll>
                {t("row.tag")}
              </a>
            ) : null}
            {transition ? (
              <a href={`${base}/share-collection/${id}${search}`} data-keep-scroll>
                {transition.action === "share" ? t("row.share") : t("row.unshare")}
              </a>
            ) : null}
            {mayManageLinks ? (
              <a href={`${base}/collections/${id}/links`}>{t("row.dropLinks")}</a>
            ) : null}
            {mayDownload ? (
              <Form method="post" action={`${base}/downloads${search}`}>
                <input type="hidden" name="collectionId" value={collection.collectionId} />
                <input type="hidden" name="name" value={collection.name} />
                <Button type="submit" variant="ghost" size="2">
                  {t("row.download")}
                </Button>
              </Form>
            ) : null}
            {mayDelete ? (
              <a href={`${base}/delete-collection/${id}${search}`} data-keep-scroll>
                {t("row.delete")}
              </a>
            ) : null}
          </div>
        </details>
      ) : null}
    </li>
  );
}
