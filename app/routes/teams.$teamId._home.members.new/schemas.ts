import { z } from "zod";
import { emailSchema, nicknameSchema, roleSchema, usernameSchema } from "#domain/validation.ts";

export const InternalSchema = z.object({ intent: z.literal("internal"), username: usernameSchema });

export const InviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailSchema,
  nickname: nicknameSchema,
  role: roleSchema,
});
