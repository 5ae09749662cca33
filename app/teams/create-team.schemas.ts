import { z } from "zod";
import { DEFAULT_TEAM_MODE, TEAM_MODES } from "#domain/roles.ts";
import {
  optionalNicknameSchema,
  teamDescriptionSchema,
  teamNameSchema,
} from "#domain/validation.ts";

export const CreateTeamSchema = z.object({
  name: teamNameSchema,
  description: teamDescriptionSchema,
  nickname: optionalNicknameSchema,
  mode: z.enum(TEAM_MODES).default(DEFAULT_TEAM_MODE),
});
