import type { Logger } from "pino";
import type { TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { FILE_VARIANTS, fileBlobKey } from "#api/files/file-views.ts";
import { ApiError } from "#api/http/errors.ts";
import { imageBlobKey } from "#api/image-uploads/kinds.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { UploadStore } from "#api/storage/upload-store.ts";
import { withinLimit } from "#domain/plans.ts";
import { canDeleteTeam } from "#domain/roles.ts";
import { isTeamNameConfirmed, teamPurgeAt } from "#domain/team-deletion.ts";

/*
 * Deleting a team, restoring it, and purging it for good (ADR 094). Deleting marks the team's
 * row (deleted_at, purge_at): from then on findTeam finds it by neither id nor alias, so every
 * team route, link, invitation and upload answers as for a missing team. Nothing else changes,
 * so a restore before purge_at brings everything back as it was. purge_at is fixed at the
 * deletion by the owner's plan's trashRetentionDays (ADR 094), so a later plan change does not
 * move it. A purge job, queued in the deletion's transaction for purge_at, then removes the
 * bytes and every row.
 */

export const PURGE_TEAM_JOB = "purgeTeam";

/** How many files one step of a purge removes: their bytes, then their rows. */
const PURGE_BATCH = 200;

export interface TeamDeletionDependencies {
  db: Db;
  now: Clock;
  logger: Logger;
  blobs: BlobStore;
  /** Where uploads in flight keep their bytes until complete. */
  uploads: UploadStore;
  jobs: JobQueue;
  /** The owner's plan caps the live teams they own, which a restore counts. */
  plans: PlanBook;
}

export interface DeletedTeam {
  teamId: string;
  deletedAt: number;
  purgeAt: number;
}

/** What a deletion takes with it, for the owner's confirmation page. */
export interface TeamDeletionSummary {
  teamId: string;
  name: string;
  collectionsCount: number;
  filesCount: number;
  /** Bytes of the team's files: they count against the owner's storage until the purge. */
  filesBytes: number;
  /** When the team would be purged if it were deleted now. */
  purgeAt: number;
}

interface PurgePayload {
  teamId: string;
}

const gone = () => new ApiError("notFound", "No such team");

export function createTeamDeletionService(deps: TeamDeletionDependencies) {
  const { db, now, logger, blobs, uploads, jobs, plans } = deps;

  function requireOwner(access: TeamAccess) {
    if (!canDeleteTeam(access.member.role)) {
      throw new ApiError("forbidden", "Only the team's owner can delete it");
    }
  }

  return {
    /** What deleting the team now would take with it (owner only). */
    async summary(access: TeamAccess): Promise<TeamDeletionSummary> {
      requireOwner(access);
      const teamId = access.team.team_id;
      const collections = await db
        .selectFrom("collections")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("team_id", "=", teamId)
        .executeTakeFirstOrThrow();
      const files = await db
        .selectFrom("files")
        .select((eb) => [
          eb.fn.countAll<number | string>().as("count"),
          eb.fn.coalesce(eb.fn.sum<number | string>("size"), eb.lit(0)).as("bytes"),
        ])
        .where("team_id", "=", teamId)
        .where("status", "in", ["processing", "ready"])
        .executeTakeFirstOrThrow();
      return {
        teamId,
        name: access.team.name,
        collectionsCount: Number(collections.count),
        filesCount: Number(files.count),
        filesBytes: Number(files.bytes),
        purgeAt: teamPurgeAt(now(), await plans.trashRetentionDaysOf(access.team.owner_id)),
      };
    },

    /**
     * Deletes the team (owner only) once its name is typed: trimmed, case-sensitive. The team
     * is then missing for everyone; its purge is queued for purge_at in the same transaction,
     * with its activity entry. A second deletion, even a parallel one, finds no team: notFound.
     */
    async deleteTeam(access: TeamAccess, userId: string, typedName: string): Promise<DeletedTeam> {
      requireOwner(access);
      if (!isTeamNameConfirmed(typedName, access.team.name)) {
        throw new ApiError(
          "teamNameMismatch",
          "Type the team's name exactly as it is shown to confirm that it is to be deleted",
        );
      }
      const teamId = access.team.team_id;
      const deletedAt = now();
      // Read before the transaction: on SQLite it holds the one connection.
      const purgeAt = teamPurgeAt(
        deletedAt,
        await plans.trashRetentionDaysOf(access.team.owner_id),
      );
      await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable("teams")
          .set({ deleted_at: deletedAt, deleted_by: userId, purge_at: purgeAt })
          .where("team_id", "=", teamId)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) throw gone();
        await recordActivity(trx, {
          teamId,
          actorId: userId,
          kind: "teamDeleted",
          targetType: "team",
          targetId: teamId,
          targetName: access.team.name,
          detail: { purgeAt },
          at: deletedAt,
        });
        await jobs.enqueue(PURGE_TEAM_JOB, { teamId } satisfies PurgePayload, {
          db: trx,
          runAt: purgeAt,
        });
      });
      return { teamId, deletedAt, purgeAt };
    },

    /**
     * Restores a deleted team before its purge: only its owner, who alone learns that it exists
     * (anyone else: notFound). Everything comes back as it was, aliases included: they stayed
     * reserved while it waited (ADR 094). Refused when the owner's plan has no room for one
     * more live team.
     */
    async restore(userId: string, teamId: string) {
      const at = now();
      const team = await db
        .selectFrom("teams")
        .innerJoin("members", "members.team_id", "teams.team_id")
        .select(["teams.team_id", "teams.name", "teams.deleted_at", "teams.purge_at"])
        .where("teams.team_id", "=", teamId)
        .where("teams.owner_id", "=", userId)
        .where("members.user_id", "=", userId)
        .where("members.role", "=", "owner")
        .where("members.status", "=", "active")
        .where("teams.deleted_at", "is not", null)
        .executeTakeFirst();
      if (!team || team.purge_at === null || Number(team.purge_at) <= at) throw gone();
      // Read before the transaction: on SQLite it holds the one connection.
      const { limitTeams } = await plans.limitsOf(userId);
      await db.transaction().execute(async (trx) => {
        const live = await trx
          .selectFrom("teams")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("owner_id", "=", userId)
          .where("deleted_at", "is", null)
          .executeTakeFirstOrThrow();
        if (!withinLimit(Number(live.count), limitTeams)) {
          throw new ApiError(
            "quotaExceededTeams",
            `Your plan allows ${limitTeams} teams; delete one or check your plan to restore this one`,
          );
        }
        const restored = await trx
          .updateTable("teams")
          .set({ deleted_at: null, deleted_by: null, purge_at: null, updated_at: at })
          .where("team_id", "=", teamId)
          .where("deleted_at", "is not", null)
          .where("purge_at", ">", at)
          .executeTakeFirst();
        if (Number(restored.numUpdatedRows) === 0) throw gone();
        await recordActivity(trx, {
          teamId,
          actorId: userId,
          kind: "teamRestored",
          targetType: "team",
          targetId: teamId,
          targetName: team.name,
          at,
        });
      });
      return { teamId, name: team.name, restoredAt: at };
    },

    /**
     * The purge job: when the team is still deleted and due, removes every file's bytes
     * (originals, thumbnails, previews, uploads in flight) and the logos, then every row of the
     * team. Idempotent: a purge cut short goes on where it stopped.
     */
    async purge({ teamId }: PurgePayload) {
      const due = () =>
        db
          .selectFrom("teams")
          .select("team_id")
          .where("team_id", "=", teamId)
          .where("deleted_at", "is not", null)
          .where("purge_at", "<=", now())
          .executeTakeFirst();
      // Restored, deleted again later (a newer job is queued for it), or already purged.
      if (!(await due())) return;
      for (;;) {
        const batch = await db
          .selectFrom("files")
          .select(["file_id", "upload_id"])
          .where("team_id", "=", teamId)
          .orderBy("file_id")
          .limit(PURGE_BATCH)
          .execute();
        if (batch.length === 0) break;
        const removeBytes = () =>
          removeAll([
            ...batch.flatMap((file) =>
              FILE_VARIANTS.map((variant) =>
                blobs.delete(fileBlobKey(teamId, file.file_id, variant)),
              ),
            ),
            ...batch.flatMap((file) => (file.upload_id ? [uploads.remove(file.upload_id)] : [])),
          ]);
        // Bytes before rows, so a purge cut short still knows what to remove when it goes on.
        await removeBytes();
        await db
          .deleteFrom("files")
          .where(
            "file_id",
            "in",
            batch.map((file) => file.file_id),
          )
          .execute();
        // And again after: a processing job that wrote previews between the two found its row
        // and kept them. One that writes later finds no row and removes its own (process.ts).
        await removeBytes();
      }
      const logos = await db
        .selectFrom("logo_uploads")
        .select("logo_id")
        .where("team_id", "=", teamId)
        .execute();
      await removeAll(logos.map((logo) => blobs.delete(imageBlobKey("logos", logo.logo_id))));
      await db.transaction().execute(async (trx) => {
        // Rows that name the team without a foreign key first; the rest cascade from the team's
        // row, but each is named here so the purge does not depend on it.
        await trx
          .deleteFrom("download_entries")
          .where("download_id", "in", (eb) =>
            eb.selectFrom("downloads").select("download_id").where("team_id", "=", teamId),
          )
          .execute();
        await trx.deleteFrom("downloads").where("team_id", "=", teamId).execute();
        await trx.deleteFrom("files").where("team_id", "=", teamId).execute();
        const collections = trx
          .selectFrom("collections")
          .select("collection_id")
          .where("team_id", "=", teamId);
        await trx.deleteFrom("collection_tags").where("collection_id", "in", collections).execute();
        await trx
          .deleteFrom("collection_reads")
          .where("collection_id", "in", collections)
          .execute();
        await trx.deleteFrom("collections").where("team_id", "=", teamId).execute();
        await trx.deleteFrom("logo_uploads").where("team_id", "=", teamId).execute();
        await trx.deleteFrom("team_aliases").where("team_id", "=", teamId).execute();
        await trx.deleteFrom("members").where("team_id", "=", teamId).execute();
        await trx.deleteFrom("activity").where("team_id", "=", teamId).execute();
        // Internal members' accounts belong to the team (their sessions cascade).
        await trx
          .deleteFrom("users")
          .where("team_id", "=", teamId)
          .where("user_scope", "=", "team")
          .execute();
        await trx
          .deleteFrom("teams")
          .where("team_id", "=", teamId)
          .where("deleted_at", "is not", null)
          .execute();
      });
      logger.info({ teamId }, "team purged");
    },
  };

  /** Waits for every removal; one that failed fails the step, so the job tries it again. */
  async function removeAll(removals: Promise<void>[]) {
    const results = await Promise.allSettled(removals);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}

export type TeamDeletionService = ReturnType<typeof createTeamDeletionService>;

/** Registers the purge job on the durable queue. */
export function registerTeamDeletionJobs(queue: JobQueue, service: TeamDeletionService) {
  queue.register<PurgePayload>(PURGE_TEAM_JOB, { run: (payload) => service.purge(payload) });
}
