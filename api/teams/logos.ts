import {
  createImageUploadService,
  type ImageKind,
  type ImageUploadOptions,
} from "#api/image-uploads/image-uploads.ts";

/**
 * A team's logo (spec sections 3, 4 and 7): the shared image flow of
 * api/uploads/image-uploads.ts, kept in logo_uploads, made the team's `logo_url`, with
 * `invalidTeamLogo` for a refused image or link. Who may start one (update team) is the
 * route's part; the uploader is recorded as the team's last updater.
 */
export const LOGOS: ImageKind = {
  kind: "logos",
  noun: "logo",
  invalidCode: "invalidTeamLogo",
  table: "logo_uploads",
  idColumn: "logo_id",
  ownerColumn: "team_id",
  async setImage(trx, { ownerId, userId, path, at }) {
    await trx
      .updateTable("teams")
      .set({ logo_url: path, updated_at: at, updated_by: userId })
      .where("team_id", "=", ownerId)
      .execute();
  },
};

export function createLogoService(options: ImageUploadOptions) {
  return createImageUploadService(options, LOGOS);
}

export type LogoService = ReturnType<typeof createLogoService>;
