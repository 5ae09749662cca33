import { Text } from "#app/components/layout.tsx";
import { Trans, useTranslation } from "#app/i18n/react.tsx";
import type { InvitationPreview } from "#app/services/api/members.server.ts";

/** Who invites whom to which team, as what (the API's preview of the link). */
export function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useTranslation("teams");
  const values = {
    team: invitation.teamName,
    inviter: invitation.inviterNickname ?? "",
    role: t(`roles.${invitation.role}`),
    email: invitation.email,
  };
  const strong = { strong: <strong /> };
  return (
    <>
      <Text as="p">
        <Trans
          t={t}
          i18nKey={invitation.inviterNickname ? "invitation.invitedBy" : "invitation.invited"}
          values={values}
          components={strong}
        />
      </Text>
      <Text as="p" size="2" color="gray">
        <Trans t={t} i18nKey="invitation.invitedEmail" values={values} components={strong} />
      </Text>
    </>
  );
}
