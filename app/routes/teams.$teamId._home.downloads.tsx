import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { filtersHref, readFilters } from "#app/collections/collections-filters.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { downloadsApi } from "#app/services/api/downloads.server.ts";
import { closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";

/*
 * Download a collection as a zip (the collection menu, docs/product.md#downloads), or the files
 * selected on its files screen (`fileId`, ADR 073): a plain form post asks the API for the
 * download, then the download's dialog shows it preparing and ready. A refusal goes back to the
 * list, or to the files screen of a selection (`selection`), with preparingDownload
 * (docs/product.md#client-messages); a selection of no file goes back there saying so.
 */

/** Nothing to show here: the list. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, base } = await requireTeam(request, context, params.teamId);
  throw redirect(base, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const search = new URL(request.url).searchParams;
  const list = filtersHref(base, readFilters(search));
  const form = await request.formData();
  const collectionId = String(form.get("collectionId") ?? "");
  // The collection's name, as the folder its files unzip into (ADR 025).
  const filesPrefix = String(form.get("name") ?? "");
  // The files screen's selection (its button's `selection`) goes back there on a refusal.
  const selection = form.has("selection");
  const back = selection ? `${base}/collections/${encodeURIComponent(collectionId)}` : list;
  const fileIds = form.getAll("fileId").map(String);
  if (selection && fileIds.length === 0) {
    throw await closeWithError({ request, context, to: back, auth }, "noFileSelected");
  }
  const { value, refusal } = await attempt(
    downloadsApi.create(context, auth.accessToken, team.teamId, {
      collectionId,
      filesPrefix,
      ...(fileIds.length > 0 && { fileIds }),
    }),
  );
  if (refusal?.errorCode === "tooManyRequests") {
    // Too many asks of late, or too many downloads kept: how long to wait (docs/product.md#downloads).
    const minutes = Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60));
    const [key, values] =
      minutes > 90
        ? ["tooManyDownloadsHours", { hours: String(Math.ceil(minutes / 60)) }]
        : ["tooManyDownloadsMinutes", { minutes: String(minutes) }];
    throw await redirectWithToast(
      request,
      context,
      back,
      { type: "error", message: `messages:errors.${key}`, values },
      { status: 303, headers: auth.headers },
    );
  }
  if (refusal)
    throw await closeWithError({ request, context, to: back, auth }, "preparingDownload");
  const dialog = `${base}/downloads/${encodeURIComponent(value.body.requestId)}`;
  return redirect(`${dialog}${list.slice(base.length)}`, { status: 303, headers: auth.headers });
}
