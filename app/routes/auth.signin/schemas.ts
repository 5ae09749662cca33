import { z } from "zod";
import {
  passwordSchema,
  signInIdentifierSchema,
  signInPasswordSchema,
  withConfirmPassword,
} from "#domain/validation.ts";

export const SignInSchema = z.object({
  intent: z.literal("sign-in"),
  identifier: signInIdentifierSchema,
  password: signInPasswordSchema,
  team: z.string().trim().max(100).optional(),
});

export const NewPasswordSchema = withConfirmPassword(
  z.object({ intent: z.literal("new-password"), newPassword: passwordSchema }),
  "newPassword",
);
