import { z } from "zod";
import { nicknameSchema, roleSchema } from "#domain/validation.ts";

export const RenameSchema = z.object({ intent: z.literal("rename"), nickname: nicknameSchema });

export const RoleSchema = z.object({ intent: z.literal("role"), role: roleSchema });
