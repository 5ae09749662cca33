import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { consent } from "#app/i18n/legal-versions.server.ts";
import { requireGuest } from "#app/services/auth.server.ts";
import { CALLBACK_PARAMS } from "#app/services/oauth.ts";
import { completeSocialSignIn } from "#app/services/social.server.ts";

/*
 * Where a sign-in provider sends the browser back (docs/product.md#routes: /auth/callback). Success
 * lands on the signed-in home; any failure goes to /auth/signin with a message and the ways to sign
 * in. A callback with error_description shows the message of the catalogue code it names, else a
 * generic one (`callbackError` in oauth.ts); its own text is never shown.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  // The provider buttons say that continuing confirms the age and accepts the terms (ADR 096).
  return completeSocialSignIn(request, context, await consent());
}

/**
 * A provider using response_mode=form_post (Apple) posts the answer from its own site. That post
 * carries no SameSite=Lax cookie, so nothing is checked here: it becomes a GET of this route (303),
 * which a browser sends with the session cookie, and is checked there. The host lets this one
 * path take a cross-origin post (server/security.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const query = new URLSearchParams();
  for (const name of CALLBACK_PARAMS) {
    const value = form.get(name);
    if (typeof value === "string" && value.length <= 4096) query.set(name, value);
  }
  return redirect(`/auth/callback?${query}`, { status: 303 });
}
