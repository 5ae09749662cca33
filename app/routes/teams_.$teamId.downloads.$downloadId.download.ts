import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { attempt } from "#app/services/api/client.server.ts";
import { downloadsApi } from "#app/services/api/downloads.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";
import { closeWithError } from "#app/services/team-route.server.ts";

/*
 * /teams/{teamId}/downloads/{downloadId}/download (docs/product.md#routes, signed in): fetches the
 * signed link of the download's part (`?part=`, the first by default) and sends the browser
 * there, where the zip downloads. A plain link, so it works without JavaScript, and the access
 * token never leaves the server. A refusal goes back to the team with its reason:
 * invalidDownload, quotaExceededTraffic, or downloadingFile (docs/product.md#client-messages).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const teamParam = params.teamId ?? "";
  const part = Number(new URL(request.url).searchParams.get("part") ?? "1");
  const { value, refusal } = await attempt(
    downloadsApi.part(
      context,
      auth.accessToken,
      teamParam,
      params.downloadId ?? "",
      Number.isSafeInteger(part) && part >= 1 ? part : 1,
    ),
  );
  if (refusal) {
    const said = ["invalidDownload", "quotaExceededTraffic"];
    const errorCode = said.includes(refusal.errorCode) ? refusal.errorCode : "downloadingFile";
    const team = `/teams/${encodeURIComponent(teamParam)}`;
    throw await closeWithError({ request, context, to: team, auth }, errorCode);
  }
  const headers = new Headers(auth.headers);
  headers.set("Cache-Control", "no-store");
  return redirect(value.body.url, { headers });
}
