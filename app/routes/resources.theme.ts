import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirectPath } from "#app/services/redirect.ts";
import type { BodyRules } from "#app/services/request-body.ts";
import { isTheme, setTheme } from "#app/services/theme.server.ts";

/** remix-themes posts its choice as a text body (JSON in a string) with JavaScript. */
export const handle = {
  body: {
    types: [
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "text/plain",
      "application/json",
    ],
  } satisfies BodyRules,
};

export function loader() {
  return redirect("/");
}

/**
 * Stores the theme choice. remix-themes posts `{"theme": ...}` as a text body from JavaScript; a
 * browser without JavaScript posts a form and is redirected back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("form")) {
    const form = await request.formData();
    const theme = form.get("theme");
    const cookie = await setTheme(request, context, isTheme(theme) ? theme : null);
    return redirect(safeRedirectPath(form.get("redirectTo")), {
      status: 303,
      headers: { "Set-Cookie": cookie },
    });
  }
  let theme: unknown;
  try {
    theme = (JSON.parse(await request.text()) as { theme?: unknown }).theme;
  } catch {
    return Response.json({ success: false }, { status: 400 });
  }
  if (theme !== null && !isTheme(theme)) return Response.json({ success: false }, { status: 400 });
  const cookie = await setTheme(request, context, theme);
  return Response.json({ success: true }, { headers: { "Set-Cookie": cookie } });
}
