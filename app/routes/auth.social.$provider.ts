import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { requireGuest, signedInHome } from "#app/services/auth.server.ts";
import { beginSocialSignIn } from "#app/services/social.server.ts";

/*
 * A social sign-in button posts here (a plain form: it works without JavaScript). The answer is a
 * redirect to the provider, with the state, PKCE verifier and nonce kept in the session cookie.
 * The sign-in page's team (query teamId or team) rides along in this URL's query.
 */

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const home = signedInHome(new URL(request.url).searchParams);
  return beginSocialSignIn(request, context, params.provider, home);
}

/** Only a post starts a sign-in; a visit goes to the sign-in page. */
export async function loader() {
  return redirect("/auth/signin");
}
