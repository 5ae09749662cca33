import { z } from "zod";
import { emailSchema, termsSchema } from "#domain/validation.ts";

export const EarlyAccessSchema = z.object({ email: emailSchema, terms: termsSchema });
