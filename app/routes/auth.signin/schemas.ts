import { z } from "zod";
import {
  confirmPasswordRefinement,
  isObjectPayload,
  passwordSchema,
  signInIdentifierSchema,
  signInPasswordSchema,
} from "#domain/validation.ts";

export const SignInSchema = z.object({
  intent: z.literal("sign-in"),
  identifier: signInIdentifierSchema,
  password: signInPasswordSchema,
  team: z.string().trim().max(100).optional(),
});

export const NewPasswordSchema = z
  .object({
    intent: z.literal("new-password"),
    newPassword: passwordSchema,
    confirmPassword: z.string().trim().optional(),
  })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });
