import { IMAGE_FORM_MAX_BYTES } from "#app/services/request-body.ts";

/*
 * The images the image dialog sets (docs/product.md#images): a person's avatar,
 * over their profile, and a team's logo, over the team's home. One dialog and one server half
 * serve both; what differs is here.
 */
export const IMAGE_KINDS = {
  avatar: {
    /** Where the dialog's words are: `profile:avatar.*`. */
    words: { namespace: "profile", prefix: "avatar" },
    /** The messages key shown when the image could not be set. */
    failureMessage: "errors.userAvatar",
    /** The API's error code for an image it refused, and its messages key. */
    invalidErrorCode: "invalidUserAvatar",
    invalidError: "errors.invalidUserAvatar",
    /** The snackbar once it is set. */
    savedToast: "toasts.avatarSaved",
  },
  logo: {
    words: { namespace: "teams", prefix: "logo" },
    failureMessage: "errors.teamLogo",
    invalidErrorCode: "invalidTeamLogo",
    invalidError: "errors.invalidTeamLogo",
    savedToast: "toasts.logoSaved",
  },
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

/** An image dialog: its kind, its own address (e.g. /profile/avatar), and where it closes to. */
export interface ImageDialog {
  kind: ImageKind;
  path: string;
  closeTo: string;
}

/**
 * An image dialog route's `handle`: its namespaces, and a form body that may carry the image
 * (ADR 021).
 */
export function imageDialogHandle(kind: ImageKind) {
  return {
    i18n: ["common", IMAGE_KINDS[kind].words.namespace, "messages"],
    body: { maxBytes: IMAGE_FORM_MAX_BYTES },
  };
}
