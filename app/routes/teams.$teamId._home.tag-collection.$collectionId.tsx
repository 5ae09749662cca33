import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { loadCollectionDialog } from "#app/collections/collection-dialog.server.ts";
import { taggableMembers, tickedMembers } from "#app/collections/collection-tags.server.ts";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { closeWithError, orGoBack } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { COLLECTION_TAGS_MAX } from "#domain/constants.ts";
import { canRenameCollection, canSeeCollection } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Tag members on a collection (the row menu, docs/product.md#screens): a box for each active
 * member, ticked when tagged; saving replaces the tags as a whole. Who may tag is the rename rule
 * (ADR 090). Refusals close the dialog with an error toast.
 */

/** The collection's dialog, for those who may tag on it. */
async function load(args: LoaderFunctionArgs) {
  const dialog = await loadCollectionDialog(args);
  const { auth, team, collection } = dialog;
  if (!canRenameCollection({ userId: userIdOf(auth), role: team.memberRole }, collection)) {
    throw await closeWithError(dialog.goBack, "forbidden");
  }
  return dialog;
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, team, back, goBack, collection } = await load(args);
  const members = await orGoBack(
    taggableMembers(args.context, auth.accessToken, team.teamId),
    goBack,
  );
  const tagged = new Set(collection.tags);
  return data(
    {
      back,
      name: collection.name,
      members: members.map((member) => ({
        ...member,
        tagged: tagged.has(member.userId),
        // Tagging shows nothing to a member who may not see the collection (ADR 090).
        seesIt: canSeeCollection(member, collection),
      })),
    },
    { headers: auth.headers },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, back, goBack, collection } = await load(args);
  const ticked = tickedMembers(await request.formData());
  if (!ticked) {
    return data({ tooMany: true }, { status: 400, headers: auth.headers });
  }
  const before = new Set(collection.tags);
  const unchanged = ticked.length === before.size && ticked.every((id) => before.has(id));
  if (!unchanged) {
    await orGoBack(
      collectionsApi.patch(context, auth.accessToken, team.teamId, collection.collectionId, [
        { op: "replace", path: "/tags", value: ticked },
      ]),
      goBack,
    );
  }
  return redirectWithToast(
    request,
    context,
    back,
    {
      type: "success",
      message: unchanged ? "collections:toasts.unchanged" : "collections:toasts.tagged",
    },
    { status: 303, headers: auth.headers },
  );
}

export default function TagCollectionDialog() {
  const { t } = useTranslation("collections");
  const { t: tTeams } = useTranslation("teams");
  const { back, name, members } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("tag.title")} closeTo={back} closeLabel={t("tag.close")}>
      <Form method="post" aria-describedby="tag-intro">
        <Flex direction="column" gap="4">
          <Text as="p" id="tag-intro">
            {t("tag.intro", { name })}
          </Text>
          {refused?.tooMany ? (
            <Text as="p" role="alert" color="red">
              {t("tag.tooMany", { count: COLLECTION_TAGS_MAX })}
            </Text>
          ) : null}
          <fieldset className="choice-group">
            <legend>
              <Text size="2" weight="medium">
                {t("tag.members")}
              </Text>
            </legend>
            {members.map((member) => {
              const hint = `tag-${member.userId}-hint`;
              return (
                <label key={member.userId} className="choice">
                  <input
                    type="checkbox"
                    name="member"
                    value={member.userId}
                    defaultChecked={member.tagged}
                    aria-describedby={hint}
                  />
                  <span>
                    <Text as="span" size="2" weight="medium">
                      {member.nickname}
                    </Text>
                    <Text as="span" size="1" color="gray" id={hint}>
                      {member.seesIt
                        ? tTeams(`roles.${member.role}`)
                        : t("tag.hidden", { role: tTeams(`roles.${member.role}`) })}
                    </Text>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <Flex justify="end" gap="3">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={back} preventScrollReset>
                {t("tag.cancel")}
              </Link>
            </Button>
            <Button type="submit" size="3" loading={busy}>
              {t("tag.save")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
