import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { unknownIntent } from "#app/services/forms.server.ts";
import { closeAsForbidden, requireTeam } from "#app/services/team-route.server.ts";
import { canEmptyTrash } from "#domain/roles.ts";
import { emptyTrash, loadTrashPage, purgeFromTrash, restoreFromTrash } from "./trash.server.ts";
import { TrashList } from "./trash-list.tsx";
import { TrashQuestionDialog } from "./trash-question.tsx";
import { kindOfField, questionHref } from "./trash-rows.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * The team's trash (ADR 093): what was deleted, newest first, each with Restore (a form per row)
 * and, for owners and admins, Delete forever; Empty trash for them too. Those two ask first:
 * the same address with `?confirm=` draws the question over the list (a page of its own without
 * JavaScript, as the member dialog's remove does). Items are purged the owner's plan's days
 * after their deletion (ADR 092: the team's trashRetentionDays, each row's purgeAt) and count
 * toward the storage until then.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const [page, t] = await Promise.all([
    loadTrashPage({ request, context, auth, team, base }),
    i18nServer.getFixedT(request, "teams"),
  ]);
  return data(
    {
      ...page,
      base,
      teamName: team.name,
      title: t("trash.metaTitle", { team: team.name }),
      manages: canEmptyTrash(team.memberRole),
      retentionDays: team.trashRetentionDays,
    },
    { headers: auth.headers },
  );
}

/**
 * `intent`: `restore` (with `kind`, `id` and where to go back to, `back`: a row's form, and the
 * Undo of the snackbar after a delete), `purge` (with `kind` and `id`) and `empty`, the last two
 * for owners and admins.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const scope = { request, context, auth, team, base };
  const form = await request.formData();
  const intent = form.get("intent");
  const kind = kindOfField(form.get("kind"));
  const id = form.get("id");
  const item = kind && typeof id === "string" && id ? { kind, id } : null;
  if (intent === "restore" && item) {
    return restoreFromTrash(scope, item.kind, item.id, form.get("back"));
  }
  if (intent !== "empty" && !(intent === "purge" && item)) return unknownIntent();
  if (!canEmptyTrash(team.memberRole)) {
    throw await closeAsForbidden(request, context, `${base}/trash`);
  }
  return item && intent === "purge" ? purgeFromTrash(scope, item.kind, item.id) : emptyTrash(scope);
}

export default function TrashScreen() {
  const { t } = useTranslation("teams");
  const page = useLoaderData<typeof loader>();
  const trashBase = `${page.base}/trash`;
  return (
    <Flex direction="column" gap="4" className="trash-screen">
      <Flex align="center" gap="3" wrap="wrap">
        <IconButton asChild variant="ghost" size="3">
          <Link to={page.base} aria-label={t("trash.back", { team: page.teamName })}>
            <Icon name="arrow-left" size={20} />
          </Link>
        </IconButton>
        <Heading as="h1" size="7">
          {t("trash.title")}
        </Heading>
        {page.manages && page.rows.length > 0 ? (
          <Button asChild ml="auto" variant="soft" color="red">
            <Link to={questionHref(trashBase, { confirm: "empty" })} preventScrollReset>
              <Icon name="trash" />
              {t("trash.empty")}
            </Link>
          </Button>
        ) : null}
      </Flex>
      <Text as="p" size="2" color="gray">
        {t("trash.retention", { count: page.retentionDays })} {t("trash.storage")}
      </Text>
      <TrashList page={page} trashBase={trashBase} />
      {page.question ? <TrashQuestionDialog question={page.question} closeTo={trashBase} /> : null}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
