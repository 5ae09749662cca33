import { z } from "zod";
import { passwordSchema, withConfirmPassword } from "#domain/validation.ts";

export const ResetSchema = withConfirmPassword(
  z.object({ newPassword: passwordSchema }),
  "newPassword",
);
