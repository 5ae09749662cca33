import {
  createImageUploadService,
  IMAGE_ID_PATTERN,
  type ImageKind,
  type ImageStatus,
  type ImageStatusView,
  type ImageUploadOptions,
  imageBlobKey,
  imagePath,
} from "#api/image-uploads/image-uploads.ts";
import type { ErrorCode } from "#domain/errors.ts";

export {
  PROCESSING_STALE_MS,
  type RemoteFetchOptions,
} from "#api/image-uploads/image-uploads.ts";

/**
 * A user's avatar (spec sections 3, 4 and 7): the shared image flow of
 * api/uploads/image-uploads.ts, kept in avatar_uploads, made the user's `avatar_url`, with
 * `invalidUserAvatar` for a refused image or link. See docs/decisions/008-avatar-uploads.md.
 */

/** Avatar ids are 128 random bits in hex: they name the public image, so they must not be guessed. */
export const AVATAR_ID_PATTERN = IMAGE_ID_PATTERN;

/** Where avatar images are served: `GET /api/avatars/<avatarId>.webp`, public and immutable. */
export const AVATAR_URL_PATH = "/api/avatars/";

export function avatarPath(avatarId: string) {
  return imagePath("avatars", avatarId);
}

export function avatarBlobKey(avatarId: string) {
  return imageBlobKey("avatars", avatarId);
}

export type AvatarStatus = ImageStatus;

export interface AvatarStatusView {
  avatarId: string;
  status: AvatarStatus;
  /** When ready. */
  avatarUrl?: string;
  /** When error. */
  errorCode?: ErrorCode;
  message?: string;
}

export type AvatarServiceOptions = ImageUploadOptions;

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

/** An image status as the avatar routes answer it. */
export function toAvatarStatus({ id, url, ...rest }: ImageStatusView): AvatarStatusView {
  return { avatarId: id, ...rest, ...(url === undefined ? {} : { avatarUrl: url }) };
}

export function createAvatarService(options: AvatarServiceOptions) {
  const images = createImageUploadService(options, AVATARS);
  return {
    /**
     * Starts an avatar. With `contentType`, answers the upload address to PUT the image to;
     * with `remoteUrl`, checks the link, answers, and fetches it in the background.
     */
    async create(
      userId: string,
      request: { contentType: string } | { remoteUrl: string },
    ): Promise<{ avatarId: string; uploadUrl: string | null }> {
      const { id, uploadUrl } = await images.create({ ownerId: userId, userId }, request);
      return { avatarId: id, uploadUrl };
    },

    /** The PUT to an avatar's upload address (see ImageUploadService.receiveUpload). */
    async receiveUpload(input: {
      avatarId: string;
      expires: string | undefined;
      signature: string | undefined;
      contentLength: string | undefined;
      body: ReadableStream<Uint8Array> | null;
    }): Promise<AvatarStatusView> {
      const { avatarId, ...rest } = input;
      return toAvatarStatus(await images.receiveUpload({ id: avatarId, ...rest }));
    },

    /** The avatar's status, for its owner only: anyone else's id is notFound. */
    async status(userId: string, avatarId: string): Promise<AvatarStatusView> {
      return toAvatarStatus(await images.status(userId, avatarId));
    },

    /** Removes the user's avatar: the user has none, and its image is deleted. */
    async remove(userId: string) {
      await images.remove({ ownerId: userId, userId });
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
