import { UserAvatar } from "#app/components/avatar.tsx";
import { Badge } from "#app/components/badge.tsx";
import { DataList } from "#app/components/data-list.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { RoleIcon } from "#app/components/role-icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { statusBadgeColour } from "#app/members/status-colour.ts";
import type { MemberDetail } from "#app/services/api/members.server.ts";

/** Who the member is: avatar, name and role, then their details (docs/product.md#screens). */
export function MemberDetails({
  member,
  me,
  addedBy,
}: {
  member: MemberDetail;
  me: string;
  /** The nickname of whoever added them, when known. */
  addedBy: string | null;
}) {
  const { t, i18n } = useTranslation("teams");
  const date = (at: number | null | undefined) =>
    at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(at) : null;
  const self = me === member.userId;
  const name = self ? `${member.nickname} (${t("members.you")})` : member.nickname;
  return (
    <>
      <Flex gap="3" align="center">
        <UserAvatar url={member.avatarUrl} name={member.nickname} size={48} />
        <Flex direction="column">
          <Heading as="h3" size="4">
            {name}
          </Heading>
          <Flex align="center" gap="1">
            <RoleIcon role={member.role} />
            <Text size="2" color="gray">
              {t(`roles.${member.role}`)}
            </Text>
          </Flex>
        </Flex>
      </Flex>
      <DataList.Root size="2">
        {/* Only an internal member's username is a name they sign in with (the API answers no other). */}
        {member.type === "internal" && member.username ? (
          <DataList.Item>
            <DataList.Label>{t("members.info.username")}</DataList.Label>
            <DataList.Value>{member.username}</DataList.Value>
          </DataList.Item>
        ) : null}
        {member.email ? (
          <DataList.Item>
            <DataList.Label>{t("members.info.email")}</DataList.Label>
            <DataList.Value>{member.email}</DataList.Value>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.Label>{t("members.info.status")}</DataList.Label>
          <DataList.Value>
            <Badge color={statusBadgeColour(member.status)}>
              {t(`members.status.${member.status}`)}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t("members.info.type")}</DataList.Label>
          <DataList.Value>{t(`members.type.${member.type}`)}</DataList.Value>
        </DataList.Item>
        {addedBy ? (
          <DataList.Item>
            <DataList.Label>{t("members.info.addedBy")}</DataList.Label>
            <DataList.Value>{addedBy}</DataList.Value>
          </DataList.Item>
        ) : null}
        {member.joinedAt ? (
          <DataList.Item>
            <DataList.Label>{t("members.info.activeFrom")}</DataList.Label>
            <DataList.Value>{date(member.joinedAt)}</DataList.Value>
          </DataList.Item>
        ) : null}
        {member.inviteExpiresAt &&
        (member.status === "invited" ||
          member.status === "invitation_expired" ||
          member.status === "pending") ? (
          <DataList.Item>
            <DataList.Label>{t("members.info.inviteExpires")}</DataList.Label>
            <DataList.Value>{date(member.inviteExpiresAt)}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
    </>
  );
}
