import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { questionHref, type TrashRow } from "./trash-rows.ts";

export interface TrashPage {
  rows: TrashRow[];
  nextCursor: string | null;
  cursor: string;
  manages: boolean;
}

const pageOfRows = (data: TrashPage) => ({ items: data.rows, lastKey: data.nextCursor });
const rowKey = (row: TrashRow) => `${row.kind}:${row.id}`;

/**
 * The trash's items (ADR 093), newest deletion first, as an infinite list (useInfiniteList):
 * "load more" is a link to the next page without JavaScript. Each item says what it is, where
 * it was, its size, who deleted it and when, and the day it will be purged; Restore is a form
 * of its own; Delete forever (owners and admins) asks first (`?confirm=purge`).
 */
export function TrashList({ page, trashBase }: { page: TrashPage; trashBase: string }) {
  const { t } = useTranslation("teams");
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const restoring =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "restore"
      ? `${navigation.formData.get("kind")}:${navigation.formData.get("id")}`
      : null;
  const {
    items: rows,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.rows, lastKey: page.nextCursor }), [page]),
    hrefFor: (cursor) => `${trashBase}?${new URLSearchParams({ cursor })}`,
    pageOf: pageOfRows,
    keyOf: rowKey,
  });
  if (rows.length === 0) {
    return (
      <Card size="3">
        <Text as="p" color="gray">
          {t("trash.nothing")}
        </Text>
      </Card>
    );
  }
  return (
    <>
      <ul className="trash-list">
        {rows.map((row) => (
          <li key={rowKey(row)} className="trash-row">
            <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
              <Flex align="center" gap="2" minWidth="0" wrap="wrap">
                <Icon name={row.kind === "file" ? "file" : "stack"} />
                <Text size="3" weight="medium" className="trash-name" title={row.name}>
                  {row.name}
                </Text>
                <Badge size="1" color="gray">
                  {row.kind === "file" ? t("trash.kindFile") : t("trash.kindCollection")}
                </Badge>
              </Flex>
              <Text size="1" color="gray">
                {row.collectionName !== null
                  ? t("trash.inCollection", { collection: row.collectionName, size: row.size })
                  : t("trash.collectionFiles", { count: row.filesCount ?? 0, size: row.size })}
              </Text>
              <Text size="1" color="gray">
                {t("trash.deleted", {
                  name: row.deletedBy ?? t("trash.formerMember"),
                  date: row.deletedAt,
                })}
              </Text>
              <Text size="1" color="gray">
                {t("trash.purgedOn", { date: row.purgeOn })}
              </Text>
              {row.collectionInTrash ? (
                <Text size="2">
                  {t("trash.collectionFirst", { collection: row.collectionName ?? "" })}
                </Text>
              ) : null}
            </Flex>
            <Flex gap="2" align="center" wrap="wrap" className="trash-actions">
              {row.canRestore ? (
                <Form method="post" action={trashBase} preventScrollReset>
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="kind" value={row.kind} />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="back" value={`${pathname}${search}`} />
                  <Button
                    type="submit"
                    variant="soft"
                    loading={restoring === rowKey(row)}
                    aria-label={t("trash.restoreNamed", { name: row.name })}
                  >
                    {t("trash.restore")}
                  </Button>
                </Form>
              ) : null}
              {page.manages ? (
                <Button asChild variant="ghost" color="red">
                  <Link
                    to={questionHref(trashBase, { confirm: "purge", kind: row.kind, id: row.id })}
                    preventScrollReset
                    aria-label={t("trash.deleteForeverNamed", { name: row.name })}
                  >
                    {t("trash.deleteForever")}
                  </Link>
                </Button>
              ) : null}
            </Flex>
          </li>
        ))}
      </ul>
      <PageLinks
        firstHref={page.cursor ? trashBase : null}
        next={{ nextHref, moreLinkProps }}
        labels={{ first: t("trash.firstPage"), more: t("trash.loadMore") }}
      />
    </>
  );
}
