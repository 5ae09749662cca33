import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";

export const handle = { i18n: ["common", "auth"] };

/** The signed-in landing page. The team list itself comes with teams. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [user, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    i18nServer.getFixedT(request, "auth"),
  ]);
  return data(
    { name: displayNameOf(user), title: t("teams.metaTitle") },
    { headers: auth.headers },
  );
}

export default function TeamsPage() {
  const { t } = useTranslation("auth");
  const { name } = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Heading as="h1" size="7">
        {t("teams.title")}
      </Heading>
      <Text as="p" size="3">
        {t("teams.welcome", { name })}
      </Text>
      <Card size="3">
        <Text as="p" color="gray">
          {t("teams.empty")}
        </Text>
      </Card>
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
