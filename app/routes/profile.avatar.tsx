import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  type ImageDialog,
  type ImageTarget,
  imageDialogAction,
  loadImageDialog,
} from "#app/images/image-upload.server.ts";
import { ImageUploadDialog } from "#app/images/image-upload-dialog.tsx";
import type { WebContext } from "#app/load-context.ts";
import { usersApi } from "#app/services/api/users.server.ts";
import { type Auth, requireAuth } from "#app/services/auth.server.ts";
import { IMAGE_FORM_MAX_BYTES } from "#app/services/request-body.ts";

export const handle = {
  i18n: ["common", "profile", "messages"],
  body: { maxBytes: IMAGE_FORM_MAX_BYTES },
};

/** The avatar dialog over the profile (spec sections 2 and 4). */
const dialog: ImageDialog = {
  path: "/profile/avatar",
  closeTo: "/profile",
  successToast: { type: "success", message: "toasts.avatarSaved" },
};

function avatarTarget(context: WebContext, auth: Auth): ImageTarget {
  return {
    create: async (body) => {
      const created = (await usersApi.createAvatar(context, auth.accessToken, body)).body;
      return { id: created.avatarId, uploadUrl: created.uploadUrl };
    },
    status: async (id) => (await usersApi.avatarStatus(context, auth.accessToken, id)).body.status,
    invalidErrorCode: "invalidUserAvatar",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  return loadImageDialog(request, context, auth, dialog, avatarTarget(context, auth));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  return imageDialogAction(request, context, auth, dialog, avatarTarget(context, auth));
}

export default function AvatarDialog() {
  return (
    <ImageUploadDialog
      path={dialog.path}
      closeTo={dialog.closeTo}
      failureMessage="errors.userAvatar"
      invalidError="errors.invalidUserAvatar"
      previewClassName="avatar-preview"
      words={{ namespace: "profile", prefix: "avatar" }}
    />
  );
}
