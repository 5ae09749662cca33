import { z } from "zod";

/** The emailed verification code, as typed or taken from the link. */
export const VerifySchema = z.object({
  code: z
    .string({ error: "errors.wrongVerificationCode" })
    .trim()
    .regex(/^\d{4,10}$/, "errors.wrongVerificationCode"),
});
