import { useRouteLoaderData } from "@remix-run/react";
import { Flex, Text } from "#app/components/layout.tsx";
import { RoleIcon } from "#app/components/role-icon.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { ROLES } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/** What each role may do (docs/product.md#roles), over the team page. */
export default function RolesDialog() {
  const { t } = useTranslation("teams");
  const teamData = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID);
  return (
    <RouteDialog
      title={t("members.rolesTitle")}
      closeTo={teamData?.base ?? "/teams"}
      closeLabel={t("members.close")}
    >
      <dl className="roles-list">
        {ROLES.map((role) => (
          <Flex key={role} direction="column" gap="1" asChild>
            <div>
              <dt>
                <Flex align="center" gap="2">
                  <RoleIcon role={role} />
                  <Text weight="bold">{t(`roles.${role}`)}</Text>
                </Flex>
              </dt>
              <dd>
                <Text size="2" color="gray">
                  {t(`members.roleHints.${role}`)}
                </Text>
              </dd>
            </div>
          </Flex>
        ))}
      </dl>
    </RouteDialog>
  );
}
