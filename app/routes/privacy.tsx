import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadLegalPage } from "#app/legal/legal-page.server.ts";
import { LegalPage } from "#app/legal/legal-page.tsx";

export const handle = { i18n: ["common", "legal"] };

export const loader = (args: LoaderFunctionArgs) => loadLegalPage(args, "privacy");

export default function PrivacyPage() {
  const { title: _, ...page } = useLoaderData<typeof loader>();
  return <LegalPage {...page} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.title ?? [];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
