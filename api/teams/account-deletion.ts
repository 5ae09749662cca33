import type { Logger } from "pino";
import { recordActivity } from "#api/activity/record.ts";
import { verifyPassword } from "#api/auth/passwords.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { imageBlobKey } from "#api/image-uploads/kinds.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import { accountDeletedMail } from "#api/mail/templates.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { findUserById, takeUserTurn } from "#api/users/users.ts";
import { FORMER_MEMBER_STATUSES } from "./members.ts";

/*
 * A person deletes their own account (docs/product.md#account-deletion, ADR 072). It lives with
 * teams because teams decide whether it may go: an owner's team would be left without one.
 */

export interface AccountDeletionDependencies {
  db: Db;
  now: Clock;
  logger: Logger;
  blobs: BlobStore;
  plans: PlanBook;
  mailer: Mailer;
  productName: string;
  /** The web app's public address, for the mail's link. */
  publicUrl: string;
}

/** What the person typed to confirm: their password, or without one, their email address. */
export interface DeletionConfirmation {
  password?: string | undefined;
  email?: string | undefined;
}

export function createAccountDeletionService(deps: AccountDeletionDependencies) {
  return {
    /** Answers `true` once it is gone; throws the refusal otherwise. */
    deleteAccount: (userId: string, confirmation: DeletionConfirmation) =>
      deleteAccount(deps, userId, confirmation),
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;

/** The teams a user owns, by name. */
function ownedTeams(db: Db, userId: string) {
  return db
    .selectFrom("teams")
    .select(["team_id", "name"])
    .where("owner_id", "=", userId)
    .orderBy("name")
    .execute();
}

function ownsTeams(teams: { team_id: string; name: string }[]) {
  return new ApiError(
    "accountOwnsTeams",
    `You own ${teams.length === 1 ? "a team" : `${teams.length} teams`}; a team cannot be left ` +
      "without its owner: hand each one over to one of its admins first " +
      "(POST /teams/{teamId}/owner, ADR 095), or delete it (a deleted team stays yours until " +
      "its purge, 30 days later)",
    409,
    undefined,
    { teams: teams.map((team) => ({ teamId: team.team_id, name: team.name })) },
  );
}

/**
 * Deletes the account: refused for an internal member (the team's owner removes it), while the
 * person owns a team, or while they pay a subscription. The password (an account without one:
 * the email address) confirms it. Memberships, sessions, reads, tags and downloads of the person
 * go with the account; files and collections stay with their teams, their uploader or creator
 * then shown as a former member. The address is told.
 */
export async function deleteAccount(
  deps: AccountDeletionDependencies,
  userId: string,
  confirmation: DeletionConfirmation,
) {
  const { db, plans } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
  if (user.user_scope === "team") {
    throw new ApiError(
      "forbidden",
      "An internal member's account belongs to its team: the team's owner removes it",
    );
  }
  const owned = await ownedTeams(db, userId);
  if (owned.length > 0) throw ownsTeams(owned);
  if (await plans.pays(userId)) {
    throw new ApiError(
      "accountHasSubscription",
      "You pay for a plan: cancel it in the billing portal first",
    );
  }
  if (user.password_hash !== null) {
    if (confirmation.password === undefined) {
      throw new ApiError("invalidInput", "password: passwordRequired");
    }
    if (!(await verifyPassword(user.password_hash, confirmation.password))) {
      throw new ApiError("wrongPassword", "The password is not right");
    }
  } else if (confirmation.email === undefined || confirmation.email !== user.email) {
    throw new ApiError(
      "emailMismatch",
      "Type the email address of this account to confirm that it is to be deleted",
    );
  }

  const avatars = await db.transaction().execute(async (trx) => {
    // In turn with a team being created by the same person, so the check below holds.
    await takeUserTurn(trx, userId);
    const stillOwned = await trx
      .selectFrom("teams")
      .select(["team_id", "name"])
      .where("owner_id", "=", userId)
      .execute();
    if (stillOwned.length > 0) throw ownsTeams(stillOwned);
    const images = await trx
      .selectFrom("avatar_uploads")
      .select("avatar_id")
      .where("user_id", "=", userId)
      .execute();
    // Each team the person was in records that they left, while their nickname can still be
    // read (ADR 091): the memberships go with the account below.
    const memberships = await trx
      .selectFrom("members")
      .select(["team_id", "member_id", "nickname"])
      .where("user_id", "=", userId)
      .where("status", "not in", FORMER_MEMBER_STATUSES)
      .execute();
    const at = deps.now();
    for (const membership of memberships) {
      await recordActivity(trx, {
        teamId: membership.team_id,
        actorId: userId,
        kind: "memberLeft",
        targetType: "member",
        targetId: membership.member_id,
        targetName: membership.nickname,
        detail: { accountDeleted: true },
        at,
      });
    }
    // What names the person without a foreign key to the account.
    await trx.deleteFrom("collection_tags").where("user_id", "=", userId).execute();
    await trx.deleteFrom("collection_reads").where("user_id", "=", userId).execute();
    await trx.deleteFrom("file_reads").where("user_id", "=", userId).execute();
    await trx.deleteFrom("downloads").where("requested_by", "=", userId).execute();
    await trx.deleteFrom("traffic_usage").where("owner_id", "=", userId).execute();
    // Memberships, sessions and their refresh tokens, codes, avatar uploads and the billing
    // account go with the row (foreign keys cascade). Files and collections keep the member id
    // of their uploader or creator, which then names no member.
    await trx.deleteFrom("users").where("user_id", "=", userId).execute();
    return images.map((image) => image.avatar_id);
  });

  for (const id of avatars) {
    await deps.blobs
      .delete(imageBlobKey("avatars", id))
      .catch((error) => deps.logger.warn({ err: error, id }, "account deletion: avatar kept"));
  }
  const to = user.email;
  if (to !== null) {
    deps.mailer
      .send(
        accountDeletedMail({
          locale: user.locale,
          productName: deps.productName,
          to,
          link: deps.publicUrl,
        }),
      )
      .catch((error) => deps.logger.error({ err: error }, "account deletion: mail not sent"));
  }
}
