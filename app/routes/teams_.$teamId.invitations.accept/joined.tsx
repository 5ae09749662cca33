import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { INVITATION_REDIRECT_DELAY_MS } from "#domain/constants.ts";
import type { Role } from "#domain/roles.ts";

/** In: the role, and the team opens after a second (a meta refresh without JavaScript). */
export function Joined({ role, teamPath }: { role: Role; teamPath: string }) {
  const { t } = useTranslation("teams");
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(teamPath), INVITATION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, teamPath]);
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      <noscript>
        <meta
          httpEquiv="refresh"
          content={`${INVITATION_REDIRECT_DELAY_MS / 1000};url=${teamPath}`}
        />
      </noscript>
      <Callout.Root color="grass" role="status">
        <Callout.Text>{t("invitation.joined", { role: t(`roles.${role}`) })}</Callout.Text>
      </Callout.Root>
      <Text as="p" size="2" color="gray">
        {t("invitation.joinedNext")}
      </Text>
      <Button asChild size="3">
        <Link to={teamPath}>{t("invitation.openTeam")}</Link>
      </Button>
    </AuthCard>
  );
}
