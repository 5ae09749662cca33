import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import {
  type ImageDialog,
  type ImageTarget,
  imageDialogAction,
  loadImageDialog,
} from "#app/images/image-upload.server.ts";
import { ImageUploadDialog } from "#app/images/image-upload-dialog.tsx";
import type { WebContext } from "#app/load-context.ts";
import { type Team, type TeamRouteData, teamsApi } from "#app/services/api/teams.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { IMAGE_FORM_MAX_BYTES } from "#app/services/request-body.ts";
import { requireTeam } from "#app/services/team-route.server.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { can } from "#domain/roles.ts";

export const handle = {
  i18n: ["common", "teams", "messages"],
  body: { maxBytes: IMAGE_FORM_MAX_BYTES },
};

/** Change or add the team's logo (spec sections 2 and 4): owners and administrators. */
function logoDialog(base: string): ImageDialog {
  return {
    path: `${base}/logo`,
    closeTo: base,
    successToast: { type: "success", message: "toasts.logoSaved" },
  };
}

function logoTarget(context: WebContext, auth: Auth, team: Team): ImageTarget {
  return {
    create: async (body) => {
      const created = (await teamsApi.createLogo(context, auth.accessToken, team.teamId, body))
        .body;
      return { id: created.logoId, uploadUrl: created.uploadUrl };
    },
    status: async (id) =>
      (await teamsApi.logoStatus(context, auth.accessToken, team.teamId, id)).body.status,
    invalidErrorCode: "invalidTeamLogo",
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "update", "team")) {
    return redirectWithToast(request, context, base, {
      type: "error",
      message: "messages:errors.forbidden",
    });
  }
  return loadImageDialog(request, context, auth, logoDialog(base), logoTarget(context, auth, team));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  return imageDialogAction(
    request,
    context,
    auth,
    logoDialog(base),
    logoTarget(context, auth, team),
  );
}

export default function LogoDialog() {
  const teamData = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID);
  const base = teamData?.base ?? "/teams";
  const dialog = logoDialog(base);
  return (
    <ImageUploadDialog
      path={dialog.path}
      closeTo={dialog.closeTo}
      failureMessage="errors.teamLogo"
      invalidError="errors.invalidTeamLogo"
      previewClassName="avatar-preview"
      words={{ namespace: "teams", prefix: "logo" }}
    />
  );
}
