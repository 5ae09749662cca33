import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/**
 * Downloads a file's original: asks the API for a short-lived signed link (attachment, with the
 * file's current name) and sends the browser there. A plain link, so it works without
 * JavaScript, and the access token never leaves the server.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  try {
    const { body } = await filesApi.content(
      context,
      auth.accessToken,
      teamParam,
      collectionId,
      params.fileId ?? "",
      "original",
      "attachment",
    );
    const headers = new Headers(auth.headers);
    headers.set("Cache-Control", "no-store");
    return redirect(body.signedUrl, { headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.statusCode >= 500) throw error;
    const back = `/teams/${encodeURIComponent(teamParam)}/collections/${encodeURIComponent(collectionId)}`;
    return redirectWithToast(
      request,
      context,
      back,
      { type: "error", message: `messages:errors.${error.errorCode}` },
      { headers: auth.headers },
    );
  }
}
