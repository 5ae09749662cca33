import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TeamRenameSchema } from "#app/rename/rename.schemas.ts";
import { renameAction } from "#app/rename/rename.server.ts";
import { RenameDialog } from "#app/rename/rename-dialog.tsx";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { closeAsForbidden, requireTeam } from "#app/services/team-route.server.ts";
import { can } from "#domain/roles.ts";

const loadSchema = () =>
  import("#app/rename/rename.schemas.ts").then((module) => module.TeamRenameSchema);

export const handle = { i18n: ["common", "teams", "messages"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "update", "team")) {
    return closeAsForbidden(request, context, base);
  }
  return data({ name: team.name, base }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  return renameAction({
    request,
    context,
    auth,
    to: base,
    current: team.name,
    schema: TeamRenameSchema,
    rename: (name) =>
      teamsApi.patch(context, auth.accessToken, team.teamId, [
        { op: "replace", path: "/name", value: name },
      ]),
    toasts: { unchanged: "toasts.teamUnchanged", renamed: "toasts.teamRenamed" },
  });
}

export default function RenameTeamDialog() {
  const { name, base } = useLoaderData<typeof loader>();
  return (
    <RenameDialog
      formId="rename-team"
      name={name}
      loadSchema={loadSchema}
      closeTo={base}
      namespace="teams"
    />
  );
}
