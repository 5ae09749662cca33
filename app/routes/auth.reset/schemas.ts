import { z } from "zod";
import { VerifySchema } from "#app/services/verify-email.ts";
import { emailSchema, passwordSchema, withConfirmPassword } from "#domain/validation.ts";

/** From the mailed link, which brings the email and the code: the new password, twice. */
export const ResetSchema = withConfirmPassword(
  z.object({ newPassword: passwordSchema }),
  "newPassword",
);

/** Without the link: the email and the mailed code as typed, then the new password, twice. */
export const ResetWithCodeSchema = withConfirmPassword(
  z.object({ email: emailSchema, code: VerifySchema.shape.code, newPassword: passwordSchema }),
  "newPassword",
);
