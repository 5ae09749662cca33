import { recordActivity } from "#api/activity/record.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, TeamRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { withinLimit } from "#domain/plans.ts";

/**
 * Team aliases (docs/product.md#aliases): another name for a team, typed as the team code
 * by internal members and usable wherever a team id is. An alias is lowercase (the domain rule
 * has already been applied), unique across every team and never an existing team id, and once
 * created it never changes. The newest alias becomes the favourite (star) unless the caller
 * says otherwise; a team's first alias is always its favourite.
 */
export function createAliasService({
  db,
  now,
  plans,
}: {
  db: Db;
  now: Clock;
  /** The team owner's plan caps its aliases. */
  plans: PlanBook;
}) {
  /** The code for an alias already taken: this team's (immutable) or another's. */
  function taken(ownerTeamId: string, teamId: string) {
    return ownerTeamId === teamId
      ? new ApiError("cannotChangeAlias", "The team already has this alias; aliases never change")
      : new ApiError("accountAliasAlreadyExists", "This alias is taken by another team");
  }

  return {
    async create(
      team: TeamRow,
      userId: string,
      input: { alias: string; star?: boolean },
    ): Promise<{ alias: string }> {
      const { alias } = input;
      // Read before the transaction: on SQLite it holds the one connection.
      const { limitAliasesPerTeam } = await plans.limitsOfTeam(team.team_id);
      await db.transaction().execute(async (trx) => {
        const at = now();
        const star = input.star !== false || team.star_alias === null;
        // Writing the team's row first makes concurrent additions to one team take turns (a
        // row lock on PostgreSQL, the write lock on SQLite), so the count below holds.
        await trx
          .updateTable("teams")
          .set({ updated_at: at, updated_by: userId })
          .where("team_id", "=", team.team_id)
          .execute();
        const existing = await trx
          .selectFrom("team_aliases")
          .select("team_id")
          .where("alias", "=", alias)
          .executeTakeFirst();
        if (existing) throw taken(existing.team_id, team.team_id);
        // An alias names a team wherever an id does, so it may not be one.
        const asId = await trx
          .selectFrom("teams")
          .select("team_id")
          .where("team_id", "=", alias)
          .executeTakeFirst();
        if (asId) throw taken(asId.team_id, team.team_id);
        const count = await trx
          .selectFrom("team_aliases")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("team_id", "=", team.team_id)
          .executeTakeFirstOrThrow();
        if (!withinLimit(Number(count.count), limitAliasesPerTeam)) {
          throw new ApiError(
            "quotaExceededAliases",
            `Your plan allows ${limitAliasesPerTeam} aliases per team; check your plan`,
          );
        }
        const inserted = await trx
          .insertInto("team_aliases")
          .values({ alias, team_id: team.team_id, created_by: userId, created_at: at })
          .onConflict((conflict) => conflict.column("alias").doNothing())
          .executeTakeFirst();
        // Another team took it a moment ago.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          throw new ApiError("accountAliasAlreadyExists", "This alias is taken by another team");
        }
        const entry = {
          teamId: team.team_id,
          actorId: userId,
          targetType: "alias",
          targetId: alias,
          targetName: alias,
          at,
        } as const;
        await recordActivity(trx, { ...entry, kind: "teamAliasAdded" });
        if (star) {
          await trx
            .updateTable("teams")
            .set({ star_alias: alias })
            .where("team_id", "=", team.team_id)
            .execute();
          await recordActivity(trx, { ...entry, kind: "teamAliasStarred" });
        }
      });
      return { alias };
    },
  };
}

export type AliasService = ReturnType<typeof createAliasService>;
