import { z } from "zod";
import {
  emailSchema,
  nicknameSchema,
  passwordSchema,
  personNameSchema,
  signInPasswordSchema,
  withConfirmPassword,
} from "#domain/validation.ts";

/** Conform hands a blank field over as undefined: for a name that means "clear it". */
export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  nickname: nicknameSchema,
});

/** The current password (checked by the API only), and the new one twice. */
export const PasswordSchema = withConfirmPassword(
  z.object({
    intent: z.literal("password"),
    currentPassword: signInPasswordSchema,
    newPassword: passwordSchema,
  }),
  "newPassword",
);

/** Deleting the account, confirmed by its password... */
export const DeleteWithPasswordSchema = z.object({
  intent: z.literal("delete"),
  password: signInPasswordSchema,
});

/** ...or, for an account without one (it signs in through a provider), its email address. */
export const DeleteWithEmailSchema = z.object({
  intent: z.literal("delete"),
  email: emailSchema,
});

/** A new email address, and the current password that allows the change (ADR 077). */
export const EmailChangeSchema = z.object({
  intent: z.literal("email"),
  newEmail: emailSchema,
  currentPassword: signInPasswordSchema,
});
