import { z } from "zod";
import { normalizeSignUpNicknameInput } from "#domain/nickname-input.ts";
import {
  ageSchema,
  emailSchema,
  nicknameSchema,
  passwordSchema,
  termsSchema,
  withConfirmPassword,
} from "#domain/validation.ts";

export const SignUpSchema = withConfirmPassword(
  z.object({
    email: emailSchema,
    password: passwordSchema,
    nickname: z.preprocess(
      (value) => (typeof value === "string" ? normalizeSignUpNicknameInput(value) : value),
      nicknameSchema,
    ),
    age: ageSchema,
    terms: termsSchema,
  }),
);
