import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { pageTitle } from "#app/services/meta.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: pageTitle(context.config.productName, t("errors.notFoundTitle")) },
    { status: 404 },
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" gap="4" align="start" className="page narrow">
      <Text size="2" color="gray">
        {t("errors.statusLabel", { status: 404 })}
      </Text>
      <Heading as="h1" size="7">
        {t("errors.notFoundTitle")}
      </Heading>
      <Text as="p" size="3">
        {t("errors.notFoundMessage")}
      </Text>
      <Button asChild size="3">
        <Link to="/">{t("errors.backHome")}</Link>
      </Button>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.title ?? [];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
