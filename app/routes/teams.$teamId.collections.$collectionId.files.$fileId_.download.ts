import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { filesApi } from "#app/services/api/files.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { orGoBack } from "#app/services/team-route.server.ts";

/**
 * Downloads a file's original: asks the API for a short-lived signed link (attachment, with the
 * file's current name) and sends the browser there. A plain link, so it works without
 * JavaScript, and the access token never leaves the server.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const collectionId = params.collectionId ?? "";
  const back = `/teams/${encodeURIComponent(teamParam)}/collections/${encodeURIComponent(collectionId)}`;
  const { body } = await orGoBack(
    filesApi.content(
      context,
      auth.accessToken,
      teamParam,
      collectionId,
      params.fileId ?? "",
      "original",
      "attachment",
    ),
    { request, context, to: back, auth },
  );
  const headers = new Headers(auth.headers);
  headers.set("Cache-Control", "no-store");
  return redirect(body.signedUrl, { headers });
}
