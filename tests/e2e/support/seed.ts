import { randomUUID } from "node:crypto";
import path from "node:path";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { appDataDir } from "../../../playwright.config.ts";

/**
 * An internal member, written straight into the app's database: team admins create them through
 * a page that a later issue builds. Like one just created, it must choose a new password first.
 */
export async function seedInternalMember(password: string) {
  const member = {
    userId: randomUUID(),
    teamId: randomUUID(),
    username: `crew.${randomUUID().slice(0, 8)}`,
    password,
  };
  const db = new Database(path.join(appDataDir, "app.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const at = Date.now();
    db.prepare(
      `insert into users (user_id, email, email_verified, password_hash, nickname, username, team_id,
         user_scope, must_change_password, locale, provider, created_at, updated_at)
       values (?, null, 0, ?, 'Crew', ?, ?, 'team', 1, 'en', 'password', ?, ?)`,
    ).run(
      member.userId,
      await argon2.hash(password, { type: argon2.argon2id }),
      member.username,
      member.teamId,
      at,
      at,
    );
  } finally {
    db.close();
  }
  return member;
}
