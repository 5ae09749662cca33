import { z } from "zod";
import {
  confirmPasswordRefinement,
  isObjectPayload,
  passwordSchema,
  termsSchema,
} from "#domain/validation.ts";

export const RegisterSchema = z
  .object({
    intent: z.literal("register"),
    password: passwordSchema,
    confirmPassword: z.string().trim().optional(),
    // An account is made here, as at sign-up: the terms must be accepted (spec section 5).
    terms: termsSchema,
  })
  .superRefine(confirmPasswordRefinement("password"), { when: isObjectPayload });
