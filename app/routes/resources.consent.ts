import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { serializeConsent } from "#app/services/consent.server.ts";
import { safeRedirectPath } from "#app/services/redirect.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

export function loader() {
  return redirect("/");
}

const choices = { accept: "accepted", decline: "declined", reset: null } as const;

/** Accept, decline, or forget the choice (the footer button); then back to where the visitor was. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (!Object.hasOwn(choices, intent)) {
    throw Response.json({ message: "Unknown intent" }, { status: 400 });
  }
  const consent = choices[intent as keyof typeof choices];
  const to = safeRedirectPath(form.get("redirectTo"));
  const headers = { "Set-Cookie": await serializeConsent(request, consent) };
  if (consent === null) return redirect(to, { status: 303, headers });
  return redirectWithToast(
    request,
    context,
    to,
    { type: "success", message: consent === "accepted" ? "cookies.accepted" : "cookies.declined" },
    { status: 303, headers },
  );
}
