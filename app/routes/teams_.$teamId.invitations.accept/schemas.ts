import { z } from "zod";
import { ageSchema, passwordSchema, termsSchema, withConfirmPassword } from "#domain/validation.ts";

export const RegisterSchema = withConfirmPassword(
  z.object({
    intent: z.literal("register"),
    password: passwordSchema,
    // An account is made here, as at sign-up: the age confirmed and the terms accepted
    // (docs/product.md#validation, ADR 096).
    age: ageSchema,
    terms: termsSchema,
  }),
);
