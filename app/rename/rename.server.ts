import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { WebContext } from "#app/load-context.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { orGoBack } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/**
 * A rename dialog's action: the form's errors when it is not valid; else nothing to save when
 * the name is the same, or `rename`; back to `to` with a toast either way. The API's refusal
 * closes the dialog with an error toast (docs/product.md#client-messages).
 */
export async function renameAction({
  request,
  context,
  auth,
  schema,
  to,
  current,
  rename,
  toasts,
}: {
  request: Request;
  context: WebContext;
  auth: Auth;
  /** The route's form schema: `{ name }`. */
  schema: z.ZodType<{ name: string }>;
  to: string;
  current: string;
  rename: (name: string) => Promise<unknown>;
  /** Translation keys of the info toast (unchanged) and the success toast (renamed). */
  toasts: { unchanged: string; renamed: string };
}) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name } = submission.value;
  const saved = name !== current;
  if (saved) await orGoBack(rename(name), { request, context, to, auth });
  return redirectWithToast(
    request,
    context,
    to,
    saved
      ? { type: "success", message: toasts.renamed }
      : { type: "info", message: toasts.unchanged },
    { status: 303, headers: auth.headers },
  );
}
