import type { MiddlewareHandler } from "hono";
import { requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { TeamParams } from "#api/http/schemas.ts";
import type { ImageUploadService } from "#api/image-uploads/image-uploads.ts";
import { LOGOS } from "#api/image-uploads/kinds.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { type ImageRoutesSpec, imageFileRoutes, imageRoutes } from "./images.ts";

// Team logos (docs/product.md#images): the image routes of routes/images.ts for a team, by those
// who may update it (owner and admin). Logo images are public at an unguessable address.

export function logoRoutes({
  db,
  logos,
  auth,
  limiter,
  blobs,
}: {
  db: Db;
  logos: ImageUploadService;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  blobs: BlobStore;
}) {
  const spec: ImageRoutesSpec = {
    kind: LOGOS,
    images: logos,
    tag: "Teams",
    title: "team logo",
    idField: "logoId",
    urlField: "logoUrl",
    path: "/teams/{teamId}/logos",
    params: TeamParams,
    ownerErrors: [403, 404],
    limit: "logoUpload",
    async owner(userId, params) {
      const { team } = await requireTeamPermission(
        db,
        params.teamId ?? "",
        userId,
        "update",
        "team",
      );
      return { ownerId: team.team_id, userId };
    },
  };
  const { app, Status } = imageRoutes(spec, { auth, limiter });
  app.route("/", imageFileRoutes(spec, Status, blobs));
  return app;
}
