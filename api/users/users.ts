import { z } from "@hono/zod-openapi";
import type { Db, UserRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { ownImageDescription } from "#api/http/schemas.ts";

/** The User of docs/product.md#entities. Absent values are null. */
export const UserSchema = z
  .object({
    userId: z.string(),
    userScope: z.enum(["global", "team"]).openapi({
      description: "global may create teams (self sign-ups); team is an internal member",
    }),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    preferredName: z.string().nullable(),
    nickname: z.string().nullable(),
    username: z.string(),
    avatarUrl: z
      .string()
      .nullable()
      .openapi({ description: ownImageDescription("avatar") }),
    hasPassword: z.boolean().openapi({
      description:
        "Whether the account has a password: false for one that signs in only through a provider",
    }),
  })
  .openapi("User");
export type User = z.infer<typeof UserSchema>;

/** The User a client is given. */
export function toUser(row: UserRow): User {
  return {
    userId: row.user_id,
    userScope: row.user_scope,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    preferredName: row.preferred_name,
    nickname: row.nickname,
    username: row.username,
    avatarUrl: row.avatar_url,
    hasPassword: row.password_hash !== null,
  };
}

export function findUserById(db: Db, userId: string) {
  return db.selectFrom("users").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** A username is unique within a team; without a team, among users of no team. */
export function findUserByUsername(db: Db, username: string, teamId: string | undefined) {
  let query = db.selectFrom("users").selectAll().where("username", "=", username);
  query =
    teamId === undefined ? query.where("team_id", "is", null) : query.where("team_id", "=", teamId);
  return query.executeTakeFirst();
}

/** A locale the product has mail and pages in; anything else is English. */
export function productLocale(value: string | undefined): "en" | "it" {
  return value?.toLowerCase().startsWith("it") ? "it" : "en";
}

/**
 * A new account's row, as a sign-up makes it: a global account whose id serves as its username
 * (self sign-ups have no username of their own), with no names, no avatar and nothing to change
 * at the first sign-in, unless `account` says otherwise.
 */
export function newUserRow(
  account: Pick<
    UserRow,
    "user_id" | "email" | "email_verified" | "password_hash" | "nickname" | "locale" | "provider"
  > &
    Partial<UserRow>,
  at: number,
): UserRow {
  return {
    first_name: null,
    last_name: null,
    preferred_name: null,
    username: account.user_id,
    team_id: null,
    user_scope: "global",
    must_change_password: 0,
    avatar_url: null,
    created_at: at,
    updated_at: at,
    terms_version: null,
    privacy_version: null,
    age_confirmed_at: null,
    notifications_off_at: null,
    ...account,
  };
}

/**
 * What a person agreed to when their account was made (ADR 096): the terms' and the privacy
 * policy's versions. The request that carries it also confirmed they are MINIMUM_AGE or older.
 */
export interface Consent {
  termsVersion: string;
  privacyVersion: string;
}

/** A new account's consent columns: the versions, and the age confirmed at `at`. */
export function consentColumns(consent: Consent, at: number) {
  return {
    terms_version: consent.termsVersion,
    privacy_version: consent.privacyVersion,
    age_confirmed_at: at,
  };
}

/**
 * Writes the user's row inside `trx`, so that a team's creation and the account's deletion by
 * the same person take turns (a row lock on PostgreSQL, the write lock on SQLite) and what the
 * transaction reads next holds. notAuthorized when the account was deleted a moment ago.
 */
export async function takeUserTurn(trx: Db, userId: string): Promise<void> {
  const locked = await trx
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) {
    throw new ApiError("notAuthorized", "This account no longer exists");
  }
}
