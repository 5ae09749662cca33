import { z } from "zod";
import { passwordSchema, termsSchema, withConfirmPassword } from "#domain/validation.ts";

export const RegisterSchema = withConfirmPassword(
  z.object({
    intent: z.literal("register"),
    password: passwordSchema,
    // An account is made here, as at sign-up: the terms must be accepted
    // (docs/product.md#validation).
    terms: termsSchema,
  }),
);
