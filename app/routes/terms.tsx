import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "#app/components/legal-page.tsx";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle } from "#app/services/meta.ts";

export const handle = { i18n: ["common", "legal"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "legal");
  const { productName, contactEmail } = context.config;
  return {
    productName,
    contactEmail: contactEmail ?? t("contactFallback"),
    title: pageTitle(productName, t("terms.title")),
  };
}

export default function TermsPage() {
  const { productName, contactEmail } = useLoaderData<typeof loader>();
  return <LegalPage document="terms" productName={productName} contactEmail={contactEmail} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.title ?? [];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
