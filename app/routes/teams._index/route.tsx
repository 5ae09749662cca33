import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TeamList } from "#app/components/team-list.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { loadTeamPage } from "#app/services/team-list.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { CreateTeamDialog, CreateTeamSchema } from "./create-team-dialog.tsx";

export const handle = { i18n: ["common", "teams", "messages"] };

/** The signed-in landing page: the caller's teams; exactly one team opens it straight away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const [user, page, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    loadTeamPage(request, context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  const creating = query.has("create");
  const [only] = page.teams;
  if (only && page.teams.length === 1 && !page.lastKey && !page.q && !page.after && !creating) {
    throw redirect(teamPath(only), { headers: auth.headers });
  }
  return data(
    {
      ...page,
      creating,
      canCreate: user.userScope === "global",
      name: displayNameOf(user),
      title: t("list.metaTitle"),
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const submission = parseWithZod(await request.formData(), { schema: CreateTeamSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const created = await attempt(teamsApi.create(context, auth.accessToken, submission.value));
  if (created.refusal) return formRefusal(submission, created.refusal, { headers: auth.headers });
  return redirectWithToast(
    request,
    context,
    teamPath({ teamId: created.value.body.teamId }),
    { type: "success", message: "toasts.teamCreated" },
    { status: 303, headers: auth.headers },
  );
}

export default function TeamsPage() {
  const { t } = useTranslation("teams");
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const search = page.q ? `?${new URLSearchParams({ q: page.q })}` : "";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {t("list.title")}
        </Heading>
        {page.canCreate ? (
          <Button asChild size="3">
            <Link
              to={`/teams?${new URLSearchParams({ ...(page.q ? { q: page.q } : {}), create: "" })}`}
            >
              {t("list.create")}
            </Link>
          </Button>
        ) : null}
      </Flex>
      <Text as="p" size="3">
        {t("list.welcome", { name: page.name })}
      </Text>
      <TeamList page={page} path="/teams" />
      {page.creating && page.canCreate ? (
        <CreateTeamDialog closeTo={`/teams${search}`} lastResult={lastResult} />
      ) : null}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
