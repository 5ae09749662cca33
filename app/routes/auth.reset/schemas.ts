import { z } from "zod";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const ResetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().trim().optional() })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });
