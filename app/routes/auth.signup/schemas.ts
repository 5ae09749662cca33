import { z } from "zod";
import { normalizeSignUpNicknameInput } from "#domain/nickname-input.ts";
import {
  confirmPasswordRefinement,
  emailSchema,
  isObjectPayload,
  nicknameSchema,
  passwordSchema,
  termsSchema,
} from "#domain/validation.ts";

export const SignUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().trim().optional(),
    nickname: z.preprocess(
      (value) => (typeof value === "string" ? normalizeSignUpNicknameInput(value) : value),
      nicknameSchema,
    ),
    terms: termsSchema,
  })
  .superRefine(confirmPasswordRefinement("password"), { when: isObjectPayload });
