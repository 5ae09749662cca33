import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { UserAvatar } from "#app/components/avatar.tsx";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { TextField } from "#app/components/fields.tsx";
import { useDebouncedSearch, useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { RoleIcon } from "#app/components/role-icon.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { MemberPage } from "#app/members/member-page.ts";
import { statusBadgeColour } from "#app/members/status-colour.ts";
import type { Member } from "#app/services/api/members.server.ts";
import { can, type Role } from "#domain/roles.ts";

const pageOfMembers = (data: { members: MemberPage }) => ({
  items: data.members.members,
  lastKey: data.members.lastKey,
});
const memberKey = (member: Member) => member.userId;

/**
 * The members side panel (docs/product.md#screens, docs/product.md#member-states): each member with
 * avatar, name, role and a status colour, leading to their dialog; search and paging are plain GET
 * links on the team page.
 */
export function MembersPanel({ page, base, role }: { page: MemberPage; base: string; role: Role }) {
  const { t } = useTranslation("teams");
  const query = (extra: Record<string, string>, path = base) =>
    `${path}?${new URLSearchParams({ ...(page.q ? { mq: page.q } : {}), ...extra })}`;
  const search = useDebouncedSearch();
  const {
    items: members,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.members, lastKey: page.lastKey }), [page]),
    hrefFor: (lastKey) => query({ mafter: lastKey }),
    loadHrefFor: (lastKey) => query({ mafter: lastKey }, `${base}/members-page`),
    pageOf: pageOfMembers,
    keyOf: memberKey,
  });
  return (
    <Card size="2" asChild>
      <aside aria-labelledby="members-heading" className="members-panel">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="4" id="members-heading">
              {t("members.title")}
            </Heading>
            <TextLink asChild size="2">
              <Link to={`${base}/roles`} preventScrollReset>
                {t("members.rolesInfo")}
              </Link>
            </TextLink>
          </Flex>
          {can(role, "create", "member") ? (
            <Button asChild>
              <Link to={`${base}/members/new`} preventScrollReset>
                {t("members.add")}
              </Link>
            </Button>
          ) : null}
          <Form method="get" action={base} role="search" preventScrollReset>
            <Flex gap="2" align="end">
              <Flex direction="column" gap="1" flexGrow="1">
                <Text as="label" size="1" weight="medium" htmlFor="member-search">
                  {t("members.search")}
                </Text>
                <TextField.Root
                  id="member-search"
                  type="search"
                  name="mq"
                  defaultValue={page.q}
                  autoComplete="off"
                  onChange={search}
                />
              </Flex>
              <Button type="submit" variant="soft">
                {t("members.searchSubmit")}
              </Button>
            </Flex>
          </Form>
          {members.length === 0 && page.q ? (
            <Text size="2" color="gray">
              {t("members.noMatch", { query: page.q })}
            </Text>
          ) : null}
          <ul className="plain-list member-list">
            {members.map((member) => (
              <li key={member.userId}>
                {/* Named by what it shows (name, role, status), so voice control finds it. */}
                <Link
                  to={`${base}/members/${encodeURIComponent(member.userId)}`}
                  preventScrollReset
                  className="member-row"
                >
                  <UserAvatar url={member.avatarUrl} name={member.nickname} size={32} />
                  <Flex direction="column" flexGrow="1" minWidth="0">
                    <Text size="2" weight="medium" truncate title={member.nickname}>
                      {member.nickname}
                    </Text>
                    <Flex align="center" gap="1">
                      <RoleIcon role={member.role} />
                      <Text size="1" color="gray">
                        {t(`roles.${member.role}`)}
                      </Text>
                    </Flex>
                  </Flex>
                  <Badge color={statusBadgeColour(member.status)} size="1">
                    {t(`members.status.${member.status}`)}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
          <PageLinks
            firstHref={page.after ? query({}) : null}
            next={{ nextHref, moreLinkProps }}
            labels={{ first: t("members.firstPage"), more: t("members.loadMore") }}
          />
        </Flex>
      </aside>
    </Card>
  );
}
