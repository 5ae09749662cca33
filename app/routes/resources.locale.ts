import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLocale } from "#app/i18n/config.ts";
import { serializeLocaleCookie } from "#app/i18n/language.server.ts";
import { safeRedirectPath } from "#app/services/redirect.ts";

export function loader() {
  return redirect("/");
}

/** Keeps an explicit language choice in a cookie, then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  if (!isLocale(locale)) throw Response.json({ message: "Unknown language" }, { status: 400 });
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    status: 303,
    headers: { "Set-Cookie": await serializeLocaleCookie(request, locale) },
  });
}
