import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { loadCollectionDialog } from "#app/collections/collection-dialog.server.ts";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { closeWithError, orGoBack } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canShareCollection, shareTransition } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Share (owned → collaborative) or unshare (collaborative → owned) a published collection, after
 * a confirmation (docs/product.md#collection-modes). Refusals close the dialog with an error toast.
 */

/** The collection's dialog and its change, for those who may share or unshare it. */
async function load(args: LoaderFunctionArgs) {
  const dialog = await loadCollectionDialog(args);
  const transition = shareTransition(dialog.collection);
  if (!transition || !canShareCollection(dialog.team.memberRole, dialog.collection)) {
    throw await closeWithError(dialog.goBack, "forbidden");
  }
  return { ...dialog, transition };
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, back, collection, transition } = await load(args);
  return data(
    { back, name: collection.name, action: transition.action },
    { headers: auth.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, back, collection, transition, goBack } = await load(args);
  await orGoBack(
    collectionsApi.patch(context, auth.accessToken, team.teamId, collection.collectionId, [
      { op: "replace", path: "/mode", value: transition.mode },
    ]),
    goBack,
  );
  return redirectWithToast(
    request,
    context,
    back,
    {
      type: "success",
      message:
        transition.action === "share" ? "collections:toasts.shared" : "collections:toasts.unshared",
    },
    { status: 303, headers: auth.headers },
  );
}

export default function ShareCollectionDialog() {
  const { t } = useTranslation("collections");
  const { back, name, action } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const share = action === "share";
  return (
    <RouteDialog
      title={share ? t("share.shareTitle") : t("share.unshareTitle")}
      closeTo={back}
      closeLabel={t("share.close")}
    >
      <Form method="post">
        <Flex direction="column" gap="4">
          <Text as="p">
            {share ? t("share.shareText", { name }) : t("share.unshareText", { name })}
          </Text>
          <Flex justify="end" gap="3">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={back} preventScrollReset>
                {t("share.cancel")}
              </Link>
            </Button>
            <Button type="submit" size="3" loading={busy}>
              {share ? t("share.share") : t("share.unshare")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
