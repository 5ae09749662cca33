import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** Renders the terms or the privacy policy from the `legal` namespace, with its version date. */
export function LegalPage({
  document,
  productName,
  contactEmail,
}: {
  document: "terms" | "privacy";
  productName: string;
  contactEmail: string;
}) {
  const { t, i18n } = useTranslation("legal");
  const values = { product: productName, contactEmail };
  const version = t(`${document}.version`);
  const sections = t(`${document}.sections`, { returnObjects: true, ...values }) as LegalSection[];
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(`${version}T00:00:00Z`));
  return (
    <article className="page narrow legal">
      <Flex direction="column" gap="2" mb="5">
        <Heading as="h1" size="8">
          {t(`${document}.title`)}
        </Heading>
        <Text size="2" color="gray">
          <time dateTime={version}>{t("versionLabel", { date })}</time>
        </Text>
      </Flex>
      <Text as="p" size="3" mb="5">
        {t(`${document}.intro`, values)}
      </Text>
      {sections.map((section) => (
        <section key={section.heading}>
          <Heading as="h2" size="5" mt="5" mb="2">
            {section.heading}
          </Heading>
          {section.paragraphs.map((paragraph) => (
            <Text as="p" size="3" mb="3" key={paragraph}>
              {paragraph}
            </Text>
          ))}
        </section>
      ))}
    </article>
  );
}
