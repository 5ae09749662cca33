import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { filtersHref, readFilters } from "#app/collections/collections-filters.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { closeAsForbidden, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canCreateCollection, canMakeCollaborative } from "#domain/roles.ts";
import { NewCollectionForm } from "./new-collection-form.tsx";
import { CreateSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * The create-collection dialog (docs/product.md#screens): name, description and "collaborative",
 * which uploaders and upviewers cannot tick, ticked to start with in a collaborative team. The API's
 * refusals show in an alert inside the dialog. Once created, the collection opens, ready for files.
 */

/** The team page with the filters the dialog was opened from. */
function backTo(request: Request, base: string) {
  return filtersHref(base, readFilters(new URL(request.url).searchParams));
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = backTo(request, base);
  if (!canCreateCollection(team.memberRole, team.mode)) {
    return closeAsForbidden(request, context, back);
  }
  const mayCollaborate = canMakeCollaborative(team.memberRole);
  return data(
    // In a collaborative team a new collection is collaborative unless unticked, so the
    // contributors the team was made for find it (docs/product.md#collection-modes).
    { back, mayCollaborate, collaborative: mayCollaborate && team.mode === "collaborative" },
    { headers: auth.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const submission = parseWithZod(await request.formData(), { schema: CreateSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name, description, collaborative } = submission.value;
  const { value, refusal } = await attempt(
    collectionsApi.create(context, auth.accessToken, team.teamId, {
      name,
      ...(description ? { description } : {}),
      mode: collaborative && canMakeCollaborative(team.memberRole) ? "collaborative" : "owned",
    }),
  );
  // Create-collection errors appear in an alert inside the dialog
  // (docs/product.md#client-messages).
  if (refusal) return formRefusal(submission, refusal, { headers: auth.headers });
  return redirectWithToast(
    request,
    context,
    `${base}/collections/${encodeURIComponent(value.body.collectionId)}`,
    { type: "success", message: "collections:toasts.created", values: { name } },
    { status: 303, headers: auth.headers },
  );
}

export default function NewCollectionDialog() {
  const { t } = useTranslation("collections");
  const { back, mayCollaborate, collaborative } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={t("new.title")} closeTo={back} closeLabel={t("new.close")}>
      <NewCollectionForm
        mayCollaborate={mayCollaborate}
        collaborative={collaborative}
        lastResult={lastResult}
      />
    </RouteDialog>
  );
}
