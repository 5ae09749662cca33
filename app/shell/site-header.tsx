import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

/**
 * The header: product name, the dark-mode toggle, and the slots later screens fill (team switch,
 * team menu, user menu).
 */
export function SiteHeader({
  productName,
  path,
  teamSwitch,
  teamMenu,
  userMenu,
}: {
  productName: string;
  path: string;
  teamSwitch?: ReactNode;
  teamMenu?: ReactNode;
  userMenu?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <Flex align="center" justify="between" gap="3" className="site-header-inner">
        <Flex align="center" gap="3" className="site-header-start">
          {teamSwitch}
          <Text asChild size="4" weight="bold">
            <Link to="/" className="brand">
              {productName}
            </Link>
          </Text>
          {teamMenu}
        </Flex>
        <Flex align="center" gap="4" className="site-header-end">
          <ThemeToggle path={path} />
          {userMenu}
        </Flex>
      </Flex>
    </header>
  );
}

/** The header's team switch: the list of the visitor's teams, without the one-team shortcut. */
export function TeamSwitch() {
  const { t } = useTranslation();
  return (
    <IconButton asChild variant="ghost" color="gray" size="2">
      <Link to="/switch-team" aria-label={t("nav.switchTeam")} title={t("nav.switchTeam")}>
        <Icon name="stack" size={18} />
      </Link>
    </IconButton>
  );
}
