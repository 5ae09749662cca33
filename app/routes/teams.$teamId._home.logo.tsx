import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { type ImageDialog, imageDialogHandle } from "#app/images/image-kinds.ts";
import { logoTarget } from "#app/images/image-targets.server.ts";
import { imageDialogAction, loadImageDialog } from "#app/images/image-upload.server.ts";
import { ImageUploadDialog } from "#app/images/image-upload-dialog.tsx";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { closeAsForbidden, requireTeam } from "#app/services/team-route.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { can } from "#domain/roles.ts";

export const handle = imageDialogHandle("logo");

/** Change or add the team's logo (docs/product.md#images): owners and administrators. */
function logoDialog(base: string): ImageDialog {
  return { kind: "logo", path: `${base}/logo`, closeTo: base };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "update", "team")) {
    return closeAsForbidden(request, context, base);
  }
  const target = logoTarget(context, auth, team.teamId);
  return loadImageDialog(request, context, auth, logoDialog(base), target);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const target = logoTarget(context, auth, team.teamId);
  return imageDialogAction(request, context, auth, logoDialog(base), target);
}

export default function LogoDialog() {
  const teamData = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID);
  return <ImageUploadDialog dialog={logoDialog(teamData?.base ?? "/teams")} />;
}
