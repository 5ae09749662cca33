import { Form, Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMenuClosesOnNavigation } from "./menu.ts";

/**
 * The account menu: a native disclosure, so it opens without JavaScript and costs no script.
 */
export function UserMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  const menu = useMenuClosesOnNavigation();
  return (
    <details className="menu header-menu" ref={menu}>
      <summary aria-label={t("userMenu.label", { name: displayName })} title={displayName}>
        <Flex align="center" gap="2">
          <Icon name="person" />
          <Text size="2" className="user-menu-name truncate">
            {displayName}
          </Text>
        </Flex>
      </summary>
      <div className="menu-panel">
        <Link to="/profile">{t("userMenu.profile")}</Link>
        <Link to="/plans">{t("userMenu.plans")}</Link>
        <Form method="post" action="/auth/signout">
          <Button type="submit" variant="ghost" size="2" color="gray">
            {t("userMenu.signOut")}
          </Button>
        </Form>
      </div>
    </details>
  );
}
