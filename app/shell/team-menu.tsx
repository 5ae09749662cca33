import { Link } from "@remix-run/react";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Team } from "#app/services/api/teams.server.ts";
import { can, canDeleteTeam, canLeaveTeam, canSeeActivity, canSeeTrash } from "#domain/roles.ts";
import { useMenuClosesOnNavigation } from "./menu.ts";

/**
 * The team menu in the header (docs/product.md#screens, docs/product.md#conditional-rules): each
 * item only for roles that may use it. A native disclosure, like the account menu; each item opens
 * its dialog, which is a route.
 */
export function TeamMenu({
  team,
  base,
  internal,
}: {
  team: Team;
  base: string;
  /** The signed-in account is an internal member's, which cannot leave its team. */
  internal: boolean;
}) {
  const { t } = useTranslation("teams");
  const menu = useMenuClosesOnNavigation();
  const role = team.memberRole;
  const items = [
    { to: "info", label: t("menu.info"), shown: can(role, "read", "team") },
    { to: "rename", label: t("menu.rename"), shown: can(role, "update", "team") },
    {
      to: "logo",
      label: team.logoUrl ? t("menu.changeLogo") : t("menu.addLogo"),
      shown: can(role, "update", "team"),
    },
    { to: "alias", label: t("menu.addAlias"), shown: can(role, "create", "teamAlias") },
    { to: "activity", label: t("menu.activity"), shown: canSeeActivity(role) },
    // What was deleted (ADR 093): all of it for owners and admins, their own files for others.
    { to: "trash", label: t("menu.trash"), shown: canSeeTrash(role) },
    // The owner hands the team over first (ADR 095).
    {
      to: "leave",
      label: t("menu.leave"),
      shown: canLeaveTeam({ role, type: internal ? "internal" : "other" }),
    },
    { to: "delete", label: t("menu.delete"), shown: canDeleteTeam(role) },
  ].filter((item) => item.shown);
  if (items.length === 0) return null;
  return (
    <details className="menu header-menu" ref={menu}>
      <summary aria-label={t("menu.label", { team: team.name })} title={team.name}>
        <Flex align="center" gap="2">
          <Text size="2" weight="medium" className="team-menu-name truncate">
            {team.name}
          </Text>
          <span className="icon-dots" aria-hidden />
        </Flex>
      </summary>
      <div className="menu-panel menu-panel-start">
        {items.map((item) => (
          <Link to={`${base}/${item.to}`} preventScrollReset key={item.to}>
            {item.label}
          </Link>
        ))}
      </div>
    </details>
  );
}
