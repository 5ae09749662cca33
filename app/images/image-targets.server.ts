import type { WebContext } from "#app/load-context.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { usersApi } from "#app/services/api/users.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import type { ImageTarget } from "./image-upload.server.ts";

/** The caller's own avatar, through the API's avatar calls. */
export function avatarTarget(context: WebContext, auth: Auth): ImageTarget {
  return {
    kind: "avatar",
    create: async (body) => {
      const created = (await usersApi.createAvatar(context, auth.accessToken, body)).body;
      return { id: created.avatarId, uploadUrl: created.uploadUrl };
    },
    status: async (id) => (await usersApi.avatarStatus(context, auth.accessToken, id)).body.status,
  };
}

/** A team's logo, through the API's logo calls. */
export function logoTarget(context: WebContext, auth: Auth, teamId: string): ImageTarget {
  return {
    kind: "logo",
    create: async (body) => {
      const created = (await teamsApi.createLogo(context, auth.accessToken, teamId, body)).body;
      return { id: created.logoId, uploadUrl: created.uploadUrl };
    },
    status: async (id) =>
      (await teamsApi.logoStatus(context, auth.accessToken, teamId, id)).body.status,
  };
}
