import { z } from "zod";
import { emailSchema } from "#domain/validation.ts";

export const ForgotSchema = z.object({ email: emailSchema });
