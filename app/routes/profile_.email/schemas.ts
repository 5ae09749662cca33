import { z } from "zod";

/** The code mailed to the new address, as typed or taken from the mail's link. */
export const EmailCodeSchema = z.object({
  code: z
    .string({ error: "errors.wrongVerificationCode" })
    .trim()
    .regex(/^\d{4,10}$/, "errors.wrongVerificationCode"),
});
