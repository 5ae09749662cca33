import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "#app/i18n/language.server.ts";
import { pageTitle } from "#app/services/meta.ts";

/** The terms' or the privacy policy's loader: the product's name and contact, and the title. */
export async function loadLegalPage(
  { request, context }: LoaderFunctionArgs,
  document: "terms" | "privacy",
) {
  const t = await i18nServer.getFixedT(request, "legal");
  const { productName, contactEmail } = context.config;
  return {
    document,
    productName,
    contactEmail: contactEmail ?? t("contactFallback"),
    title: pageTitle(productName, t(`${document}.title`)),
  };
}
