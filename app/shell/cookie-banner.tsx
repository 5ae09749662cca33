import { Form, Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/** Asks once; the choice lasts 365 days. Plain form posts, so it works without JavaScript. */
export function CookieBanner({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <section className="cookie-banner" aria-label={t("cookies.title")}>
      <Form method="post" action="/resources/consent" reloadDocument>
        <input type="hidden" name="redirectTo" value={path} />
        <Flex
          direction={{ initial: "column", sm: "row" }}
          gap="3"
          align={{ sm: "center" }}
          justify="between"
        >
          <Text size="2">
            {t("cookies.message")}{" "}
            <TextLink asChild underline="always">
              <Link to="/privacy">{t("cookies.learnMore")}</Link>
            </TextLink>
          </Text>
          <Flex gap="2" flexShrink="0">
            <Button type="submit" name="intent" value="decline" variant="soft" color="gray">
              {t("cookies.decline")}
            </Button>
            <Button type="submit" name="intent" value="accept">
              {t("cookies.accept")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </section>
  );
}
