import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { hashPassword } from "#api/auth/passwords.ts";
import { CONSENT } from "#tests/support/consent.ts";
import type { CapturedMail } from "#tests/support/smtp-server.ts";
import type { TestApi } from "./api-server.ts";

/** A password the policy of docs/product.md#validation accepts. */
export const PASSWORD = "Correct-Horse-9";

export interface Tokens {
  IdToken: string;
  TokenType: "Bearer";
  AccessToken: string;
  ExpiresIn: number;
  RefreshToken: string;
}

/** Checks an error body and answers it. */
export async function expectError(response: Response, statusCode: number, errorCode: string) {
  const body = (await response.json()) as Record<string, unknown>;
  // node:assert rather than vitest's expect, so the benchmarks can use this support too.
  assert.deepEqual(
    { status: response.status, statusCode: body.statusCode, errorCode: body.errorCode },
    { status: statusCode, statusCode, errorCode },
    `Unexpected answer: ${JSON.stringify(body)}`,
  );
  assert.equal(typeof body.message, "string");
  return body;
}

/** A fresh address per call, so tests in one file never collide. */
export function newEmail(name = "user") {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`;
}

export function post(api: TestApi, path: string, json: unknown, headers?: Record<string, string>) {
  return api.request(`/api${path}`, { method: "POST", json, headers });
}

/** The code a mail carries, read from its link (the text shows the same code). */
export function codeOf(mail: CapturedMail) {
  const link = mail.links[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return new URL(link).searchParams.get("code") ?? "";
}

export async function signUp(
  api: TestApi,
  email = newEmail(),
  extra: { password?: string; nickname?: string; locale?: "en" | "it" } = {},
) {
  const response = await post(api, "/auth/signup", {
    email,
    password: extra.password ?? PASSWORD,
    nickname: extra.nickname ?? "Ada",
    locale: extra.locale ?? "en",
    ...CONSENT,
  });
  assert.equal(response.status, 201);
  const { username, signUpProof } = (await response.json()) as {
    username: string;
    signUpProof: string;
  };
  const mail = await api.smtp.waitForMail(email);
  const password = extra.password ?? PASSWORD;
  return { email, username, signUpProof, password, mail, code: codeOf(mail) };
}

/** A confirmed self sign-up, ready to sign in. */
export async function confirmedUser(api: TestApi, email = newEmail()) {
  const user = await signUp(api, email);
  const response = await post(api, "/auth/verify-email", {
    email,
    username: user.username,
    code: user.code,
  });
  assert.equal(response.status, 200);
  return user;
}

export async function signIn(api: TestApi, credentials: Record<string, unknown>) {
  const response = await post(api, "/auth/signin", credentials);
  assert.equal(response.status, 200);
  return ((await response.json()) as { result: Tokens }).result;
}

/** A confirmed user and the tokens of one sign-in. */
export async function signedInUser(api: TestApi) {
  const user = await confirmedUser(api);
  return { ...user, tokens: await signIn(api, { email: user.email, password: user.password }) };
}

/**
 * An internal member, as an administrator will create one once teams exist: a username in a
 * team, no email, and by default a generated password to replace at first sign-in.
 */
export async function internalMember(
  api: TestApi,
  {
    teamId = randomUUID(),
    username = `crew.${randomUUID().slice(0, 6)}`,
    password = PASSWORD,
    mustChangePassword = true,
  } = {},
) {
  const userId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("users")
    .values({
      user_id: userId,
      email: null,
      email_verified: 0,
      password_hash: await hashPassword(password),
      nickname: "Crew",
      username,
      team_id: teamId,
      user_scope: "team",
      must_change_password: mustChangePassword ? 1 : 0,
      locale: "en",
      provider: "password",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { userId, teamId, username, password };
}

/** A confirmed self sign-up written straight to the database, for tests that count requests. */
export async function storedUser(api: TestApi, email = newEmail(), password = PASSWORD) {
  const userId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("users")
    .values({
      user_id: userId,
      email,
      email_verified: 1,
      password_hash: await hashPassword(password),
      nickname: "Ada",
      username: userId,
      team_id: null,
      user_scope: "global",
      must_change_password: 0,
      locale: "en",
      provider: "password",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { userId, email, password };
}

export function bearer(tokens: Pick<Tokens, "AccessToken">) {
  return { Authorization: `Bearer ${tokens.AccessToken}` };
}
