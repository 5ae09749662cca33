import { Form, Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { supportedLanguages } from "#app/i18n/config.ts";
import { useTranslation } from "#app/i18n/react.tsx";

export function SiteFooter({
  productName,
  path,
  locale,
}: {
  productName: string;
  path: string;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <Flex
        direction={{ initial: "column", sm: "row" }}
        gap="3"
        justify="between"
        align={{ sm: "center" }}
      >
        <Text size="2" color="gray">
          {`© ${new Date().getFullYear()} ${productName}. ${t("footer.copyright")}`}
        </Text>
        <Flex gap="4" align="center" wrap="wrap">
          <TextLink asChild size="2" color="gray">
            <Link to="/terms">{t("footer.terms")}</Link>
          </TextLink>
          <TextLink asChild size="2" color="gray">
            <Link to="/privacy">{t("footer.privacy")}</Link>
          </TextLink>
          <TextLink asChild size="2" color="gray">
            <Link to="/status">{t("footer.status")}</Link>
          </TextLink>
          <Form method="post" action="/resources/consent" reloadDocument>
            <input type="hidden" name="redirectTo" value={path} />
            <Button type="submit" name="intent" value="reset" variant="ghost" color="gray" size="1">
              {t("footer.cookieSettings")}
            </Button>
          </Form>
          <Form method="post" action="/resources/locale" reloadDocument className="language-form">
            <input type="hidden" name="redirectTo" value={path} />
            <Flex gap="2" align="center" role="group" aria-label={t("footer.language")}>
              {supportedLanguages.map((language) => (
                <Button
                  key={language}
                  type="submit"
                  name="locale"
                  value={language}
                  size="1"
                  variant={language === locale ? "soft" : "ghost"}
                  color="gray"
                  aria-pressed={language === locale}
                  lang={language}
                >
                  {t(`language.${language}`)}
                </Button>
              ))}
            </Flex>
          </Form>
        </Flex>
      </Flex>
    </footer>
  );
}
