import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { RenameDialog } from "#app/components/rename-dialog.tsx";
import { filtersHref, readFilters } from "#app/routes/teams.$teamId._home/collections-filters.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { renameAndClose } from "#app/services/rename.server.ts";
import { closeWithError, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { canRenameCollection } from "#domain/roles.ts";
import { collectionNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Rename a collection (the row menu, spec section 2). Save is disabled while the trimmed name is
 * unchanged; the API's refusal closes the dialog with an error toast (spec section 8).
 */

const RenameSchema = z.object({ name: collectionNameSchema });

/** The caller, the team, the collection, and the team page with the dialog's filters. */
async function load(
  request: Request,
  context: LoaderFunctionArgs["context"],
  params: LoaderFunctionArgs["params"],
) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = filtersHref(base, readFilters(new URL(request.url).searchParams));
  const goBack = { request, context, to: back, auth };
  const { body: collection } = await orGoBack(
    collectionsApi.get(context, auth.accessToken, team.teamId, params.collectionId ?? ""),
    goBack,
  );
  if (!canRenameCollection({ userId: userIdOf(auth), role: team.memberRole }, collection)) {
    throw await closeWithError(goBack, "forbidden");
  }
  return { auth, team, back, collection };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, back, collection } = await load(request, context, params);
  return data({ back, name: collection.name }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, back, collection } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: RenameSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  return renameAndClose({
    request,
    context,
    auth,
    to: back,
    current: collection.name,
    name: submission.value.name,
    rename: (name) =>
      collectionsApi.patch(context, auth.accessToken, team.teamId, collection.collectionId, [
        { op: "replace", path: "/name", value: name },
      ]),
    toasts: { unchanged: "collections:toasts.unchanged", renamed: "collections:toasts.renamed" },
  });
}

export default function RenameCollectionDialog() {
  const { t } = useTranslation("collections");
  const { name, back } = useLoaderData<typeof loader>();
  return (
    <RenameDialog
      formId="rename-collection"
      name={name}
      schema={RenameSchema}
      closeTo={back}
      labels={{
        title: t("rename.title"),
        close: t("rename.close"),
        name: t("rename.name"),
        submit: t("rename.submit"),
      }}
    />
  );
}
