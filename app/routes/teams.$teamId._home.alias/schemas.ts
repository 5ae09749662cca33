import { z } from "zod";
import { aliasSchema } from "#domain/validation.ts";

export const AliasSchema = z.object({
  intent: z.enum(["review", "back", "create"]),
  alias: aliasSchema,
});
