import { Form, Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Separator, Text } from "#app/components/layout.tsx";
import { Trans, useTranslation } from "#app/i18n/react.tsx";

/**
 * One plain form per configured provider, so the buttons work without JavaScript; a document
 * navigation, since the answer sends the browser to the provider's site.
 */
export function SocialButtons({
  team,
  providers,
}: {
  team: string;
  /** Ids and names only: a provider's client id and secret stay on the server. */
  providers: { id: string; name: string }[];
}) {
  const { t } = useTranslation("auth");
  if (providers.length === 0) return null;
  const query = team ? `?${new URLSearchParams({ teamId: team })}` : "";
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="3" aria-hidden="true">
        <Separator size="4" />
        <Text size="2" color="gray" style={{ flexShrink: 0 }}>
          {t("signIn.or")}
        </Text>
        <Separator size="4" />
      </Flex>
      {providers.map((provider) => (
        <Form
          key={provider.id}
          method="post"
          action={`/auth/social/${provider.id}${query}`}
          reloadDocument
        >
          <Button type="submit" size="3" variant="outline" style={{ width: "100%" }}>
            {t("signIn.withProvider", { provider: provider.name })}
          </Button>
        </Form>
      ))}
      {/* A first social sign-in makes the account: continuing is the consent (ADR 096). */}
      <Text size="1" color="gray">
        <Trans
          t={t}
          i18nKey="social.consent"
          components={{
            terms: <Link to="/terms" target="_blank" className="inline-link" />,
            privacy: <Link to="/privacy" target="_blank" className="inline-link" />,
          }}
        />
      </Text>
    </Flex>
  );
}
