import { recordActivity } from "#api/activity/record.ts";
import type { Db } from "#api/db/schema.ts";
import type { UploadKind } from "#api/storage/upload-urls.ts";
import type { ErrorCode } from "#domain/errors.ts";

/**
 * The images a user sets on something they own: their avatar, their team's logo
 * (docs/product.md#images; ADR 008, ADR 012). One flow serves both (image-uploads.ts); a kind says
 * where its rows, its images and its error code are. Who may start one is the route's part.
 */
export interface ImageKind {
  /** The upload address kind, the blob folder and the public path. */
  kind: Extract<UploadKind, "avatars" | "logos">;
  /** What the image is called in messages and logs: "avatar", "logo". */
  noun: "avatar" | "logo";
  /** The code of everything a user's image or link can get wrong. */
  invalidCode: Extract<ErrorCode, "invalidUserAvatar" | "invalidTeamLogo">;
  /**
   * The upload tables share every column but the id and the owner (avatar_uploads: avatar_id,
   * owned by user_id; logo_uploads: logo_id, owned by team_id, with the uploader in user_id), so
   * the flow's queries are written once with those two names given.
   */
  table: "avatar_uploads" | "logo_uploads";
  idColumn: "avatar_id" | "logo_id";
  ownerColumn: "user_id" | "team_id";
  /**
   * Makes `path` (or nothing) the owner's image, in the transaction that settles the upload.
   * `userId` is who uploaded it (or removes it).
   */
  setImage(
    trx: Db,
    change: { ownerId: string; userId: string; path: string | null; at: number },
  ): Promise<void>;
}

/** A user's avatar: kept in avatar_uploads, made the user's `avatar_url`. */
export const AVATARS: ImageKind = {
  kind: "avatars",
  noun: "avatar",
  invalidCode: "invalidUserAvatar",
  table: "avatar_uploads",
  idColumn: "avatar_id",
  ownerColumn: "user_id",
  async setImage(trx, { ownerId, path, at }) {
    await trx
      .updateTable("users")
      .set({ avatar_url: path, updated_at: at })
      .where("user_id", "=", ownerId)
      .execute();
  },
};

/** A team's logo: kept in logo_uploads, made the team's `logo_url`, the uploader its updater. */
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
    const team = await trx
      .selectFrom("teams")
      .select("name")
      .where("team_id", "=", ownerId)
      .executeTakeFirst();
    if (!team) return;
    await recordActivity(trx, {
      teamId: ownerId,
      actorId: userId,
      kind: "teamLogoChanged",
      targetType: "team",
      targetId: ownerId,
      targetName: team.name,
      ...(path === null && { detail: { removed: true } }),
      at,
    });
  },
};

/** Image ids are 128 random bits in hex: they name the public image, so they must not be guessed. */
export const IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Where a kind's images are served: `GET /api/<kind>/<id>.webp`, public and immutable. */
export function imagePath(kind: ImageKind["kind"], id: string) {
  return `/api/${kind}/${id}.webp`;
}

/** Where a kind's images are kept in the blob store. */
export function imageBlobKey(kind: ImageKind["kind"], id: string) {
  return `${kind}/${id}.webp`;
}
