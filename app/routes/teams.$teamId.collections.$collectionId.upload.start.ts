import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAuth } from "#app/services/auth.server.ts";
import { startUpload } from "#app/services/uploads.server.ts";

/**
 * Starts one file for the upload dialog (with JavaScript): `{fileId, uploadPath}` to send the
 * bytes to with tus, or `{error}` (a translation key). The API is asked with the session's token,
 * which stays here.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const form = await request.formData();
  const size = Number(form.get("size"));
  const outcome = await startUpload(context, auth, {
    teamId: params.teamId ?? "",
    collectionId: params.collectionId ?? "",
    name: String(form.get("name") ?? ""),
    contentType: String(form.get("contentType") ?? ""),
    size: Number.isSafeInteger(size) ? size : -1,
  });
  return Response.json(outcome, {
    status: "error" in outcome ? 400 : 201,
    headers: auth.headers,
  });
}

/** Only posts start uploads. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
