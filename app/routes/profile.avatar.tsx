import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { type ImageDialog, imageDialogHandle } from "#app/images/image-kinds.ts";
import { avatarTarget } from "#app/images/image-targets.server.ts";
import { imageDialogAction, loadImageDialog } from "#app/images/image-upload.server.ts";
import { ImageUploadDialog } from "#app/images/image-upload-dialog.tsx";
import { requireAuth } from "#app/services/auth.server.ts";

export const handle = imageDialogHandle("avatar");

/** The avatar dialog over the profile (docs/product.md#images). */
const dialog: ImageDialog = { kind: "avatar", path: "/profile/avatar", closeTo: "/profile" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  return loadImageDialog(request, context, auth, dialog, avatarTarget(context, auth));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  return imageDialogAction(request, context, auth, dialog, avatarTarget(context, auth));
}

export default function AvatarDialog() {
  return <ImageUploadDialog dialog={dialog} />;
}
