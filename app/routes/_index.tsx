import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireGuest } from "#app/services/auth.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The public home is for guests: a signed-in visitor goes to their teams.
  await requireGuest(request, context);
  const t = await i18nServer.getFixedT(request);
  const { productName } = context.config;
  return {
    title: t("home.metaTitle", { product: productName }),
    description: t("home.metaDescription"),
  };
}

const features = ["collect", "roles", "share"] as const;

export default function Home() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" gap="8" className="page">
      <Flex direction="column" gap="4" align="start" className="hero">
        <Heading as="h1" size={{ initial: "8", sm: "9" }}>
          {t("home.headline")}
        </Heading>
        <Text as="p" size="5" color="gray" className="lead">
          {t("home.lead")}
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button asChild size="3">
            <Link to="/auth/signup">{t("nav.signUp")}</Link>
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to="/auth/signin">{t("nav.signIn")}</Link>
          </Button>
        </Flex>
      </Flex>
      <Grid columns={{ initial: "1", sm: "3" }} gap="4">
        {features.map((feature) => (
          <Card key={feature} size="2">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                {t(`home.features.${feature}.title`)}
              </Heading>
              <Text as="p" size="2" color="gray">
                {t(`home.features.${feature}.text`)}
              </Text>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
