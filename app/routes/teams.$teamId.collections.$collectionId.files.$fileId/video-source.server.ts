import type { WebContext } from "#app/load-context.ts";
import { type FileItem, filesApi } from "#app/services/api/files.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { type Auth, userIdOf } from "#app/services/auth.server.ts";
import { canDownloadFile } from "#domain/roles.ts";

/**
 * Where the preview's `<video>` plays a film from: an inline link to its bytes that works for an
 * hour and answers Range requests, so the browser seeks. The film is the file's own, or a Live
 * Photo's motion, a file of its own by the same uploader (`filmId`). Asked for only when the
 * caller's role may fetch the original (canDownloadFile, which the API checks again); `src` is
 * null otherwise, and the preview shows the poster or photo alone.
 */
export async function videoSource(
  context: WebContext,
  auth: Auth,
  params: { teamId?: string; collectionId?: string; fileId?: string },
  file: Pick<FileItem, "uploadedBy">,
  filmId = params.fileId ?? "",
): Promise<{ src: string | null }> {
  const teamParam = params.teamId ?? "";
  // The team route asks for the same team for this page: the API reads it once (ADR 050).
  const { body: team } = await teamsApi.get(context, auth.accessToken, teamParam);
  if (!canDownloadFile({ userId: userIdOf(auth), role: team.memberRole }, file)) {
    return { src: null };
  }
  const { body: link } = await filesApi.content(
    context,
    auth.accessToken,
    teamParam,
    params.collectionId ?? "",
    filmId,
    "original",
    "inline",
  );
  return { src: link.signedUrl };
}
