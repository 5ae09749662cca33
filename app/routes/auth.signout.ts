import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { signOut } from "#app/services/auth.server.ts";
import { createToastHeaders } from "#app/services/toast.server.ts";

export function loader() {
  return redirect("/");
}

/** Sign-out is a POST (a link could be followed by anything). The session goes even if the API fails. */
export async function action({ request, context }: ActionFunctionArgs) {
  const response = await signOut(request, context);
  const toast = await createToastHeaders(request, context, {
    type: "info",
    message: "toasts.signedOut",
  });
  response.headers.append("Set-Cookie", toast.get("Set-Cookie") ?? "");
  return response;
}
