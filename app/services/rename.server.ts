import type { WebContext } from "#app/load-context.ts";
import type { Auth } from "./auth.server.ts";
import { orGoBack } from "./team-route.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/**
 * A rename dialog's action once its form is valid: nothing to save when the name is the same, else
 * `rename`; back to `to` with a toast either way. The API's refusal closes the dialog with an
 * error toast (spec section 8).
 */
export async function renameAndClose({
  request,
  context,
  auth,
  to,
  current,
  name,
  rename,
  toasts,
}: {
  request: Request;
  context: WebContext;
  auth: Auth;
  to: string;
  current: string;
  name: string;
  rename: (name: string) => Promise<unknown>;
  /** Translation keys of the info toast (unchanged) and the success toast (renamed). */
  toasts: { unchanged: string; renamed: string };
}) {
  if (name === current) {
    return redirectWithToast(
      request,
      context,
      to,
      { type: "info", message: toasts.unchanged },
      { status: 303, headers: auth.headers },
    );
  }
  await orGoBack(rename(name), { request, context, to, auth });
  return redirectWithToast(
    request,
    context,
    to,
    { type: "success", message: toasts.renamed },
    { status: 303, headers: auth.headers },
  );
}
