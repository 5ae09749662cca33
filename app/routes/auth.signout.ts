import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { signOut } from "#app/services/auth.server.ts";

export function loader() {
  return redirect("/");
}

/** Sign-out is a POST (a link could be followed by anything). The session goes even if the API fails. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}
