import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { trashApi } from "#app/services/api/trash.server.ts";
import { closeAsForbidden, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canEmptyTrash } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * Empty the trash (owners and admins, ADR 093): a question over the trash, then everything in it
 * is deleted forever and the screen says how many items went.
 */

async function load({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = `${base}/trash`;
  if (!canEmptyTrash(team.memberRole)) throw await closeAsForbidden(request, context, back);
  return { auth, team, back };
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, back } = await load(args);
  return data({ back }, { headers: auth.headers });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, back } = await load(args);
  const { body } = await orGoBack(trashApi.empty(context, auth.accessToken, team.teamId), {
    request,
    context,
    to: back,
    auth,
  });
  return redirectWithToast(
    request,
    context,
    back,
    { type: "success", message: "teams:trash.emptied", values: { count: String(body.items) } },
    { status: 303, headers: auth.headers },
  );
}

export default function EmptyTrashDialog() {
  const { t } = useTranslation("teams");
  const { back } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog
      title={t("trash.emptyTitle")}
      message={t("trash.emptyQuestion")}
      closeTo={back}
      closeLabel={t("trash.close")}
      cancelLabel={t("trash.cancel")}
      submitLabel={t("trash.emptySubmit")}
      danger
    />
  );
}
