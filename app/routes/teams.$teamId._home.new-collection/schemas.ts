import { z } from "zod";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

export const CreateSchema = z.object({
  name: collectionNameSchema,
  description: collectionDescriptionSchema,
  collaborative: z.literal("on").optional(),
});
