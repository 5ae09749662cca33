import { z } from "zod";

/**
 * The delete-team form (app/routes/teams.$teamId._home.delete.tsx): the team's name, typed to
 * confirm. The API compares it, trimmed and case-sensitively, with the team's (ADR 094); a module
 * of its own, so the browser loads zod only once the form is used (ADR 034).
 */
export const DeleteTeamSchema = z.object({
  name: z.string("teamNameRequired").trim().min(1, "teamNameRequired"),
});
