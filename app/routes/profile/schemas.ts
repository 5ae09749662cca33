import { z } from "zod";
import { nicknameSchema, personNameSchema } from "#domain/validation.ts";

/** Conform hands a blank field over as undefined: for a name that means "clear it". */
export const ProfileSchema = z.object({
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  nickname: nicknameSchema,
});
