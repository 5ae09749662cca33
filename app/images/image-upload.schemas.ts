import { z } from "zod";
import { imageLinkSchema } from "#domain/validation.ts";

/** The image dialog's link form, loaded once the dialog is drawn (ADR 034). */
export const ImageLinkSchema = z.object({ intent: z.literal("link"), remoteUrl: imageLinkSchema });
