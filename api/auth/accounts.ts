import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ZodType } from "zod";
import { findTeam } from "#api/access/teams.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, UserRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import {
  emailChangedMail,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from "#api/mail/templates.ts";
import {
  type Consent,
  consentColumns,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  newUserRow,
  productLocale,
} from "#api/users/users.ts";
import type { FederatedProviderId, SignInProvider } from "#domain/providers.ts";
import { nicknameSchema, preferredNameSchema } from "#domain/validation.ts";
import type { CodeStore } from "./codes.ts";
import type { FederatedIdentity, FederatedVerifier } from "./federated.ts";
import {
  hashPassword,
  passwordNeedsRehash,
  prepareDecoyHash,
  verifyPassword,
} from "./passwords.ts";
import type { PasswordCheck } from "./rate-limit.ts";
import type { SessionStore } from "./sessions.ts";
import { passwordFingerprint, type TokenService } from "./tokens.ts";

export interface AccountDependencies {
  db: Db;
  now: Clock;
  logger: Logger;
  tokens: TokenService;
  sessions: SessionStore;
  codes: CodeStore;
  federated: FederatedVerifier;
  /** invite-only: no account but through an invitation (ADR 088). */
  signUp: "open" | "invite-only";
  mailer: Mailer;
  productName: string;
  /** Where links in mail point: the web app's public address. */
  publicUrl: string;
}

/** Tokens of a sign-in, its `result` (docs/product.md#entities). */
export interface SignInResult {
  IdToken: string;
  TokenType: "Bearer";
  AccessToken: string;
  ExpiresIn: number;
  RefreshToken: string;
}

const PROVIDER_NAMES: Record<SignInProvider, string> = {
  password: "email/password",
  google: "Google",
  apple: "Apple",
  linkedin: "LinkedIn",
  oidc: "single sign-on",
};

const notAuthorized = () => new ApiError("notAuthorized", "Incorrect email or password");

/**
 * The team an internal member names at sign-in (the team code): its id or any of its aliases.
 * A code that names no team is looked up as given, and so finds nobody.
 */
async function teamIdOfCode(db: Db, team: string | undefined) {
  if (team === undefined) return undefined;
  return (await findTeam(db, team))?.team_id ?? team;
}

/** The first candidate a schema accepts, as it accepts it. */
function firstValid(schema: ZodType<string>, candidates: (string | undefined)[]) {
  for (const candidate of candidates) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * The account use cases behind /auth: sign-up and email verification, password sign-in with its
 * new-password challenge, password reset, token refresh and sign-out, and sign-in through an
 * OpenID Connect provider.
 */
export function createAccountService(deps: AccountDependencies) {
  prepareDecoyHash().catch((error) => deps.logger.error({ err: error }, "argon2 is not working"));
  return {
    signUp: (input: NewAccount) => signUp(deps, input),
    verifyEmail: (input: EmailVerification, limit: CodeLimit) => verifyEmail(deps, input, limit),
    resendCode: (email: string) => resendCode(deps, email),
    signIn: (input: PasswordSignIn, limit: SignInLimit) => signIn(deps, input, limit),
    completeNewPassword: (input: NewPasswordAnswer) => completeNewPassword(deps, input),
    forgotPassword: (email: string) => forgotPassword(deps, email),
    resetPassword: (input: PasswordReset, limit: CodeLimit) => resetPassword(deps, input, limit),
    refresh: (refreshToken: string) => refresh(deps, refreshToken),
    signOut: (accessToken: string) => signOut(deps, accessToken),
    signOutEverywhere: (input: SignOutEverywhere) => signOutEverywhere(deps, input),
    federatedSignIn: (input: FederatedSignIn) => federatedSignIn(deps, input),
    startFederated: (provider: FederatedProviderId) => deps.federated.startFlow(provider),
    changePassword: (input: PasswordChange) => changePassword(deps, input),
    requestEmailChange: (input: EmailChangeRequest) => requestEmailChange(deps, input),
    confirmEmailChange: (input: EmailChangeConfirmation) => confirmEmailChange(deps, input),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export interface NewAccount extends Consent {
  email: string;
  password: string;
  nickname: string;
  locale: "en" | "it";
}

export interface EmailVerification {
  email: string;
  username: string;
  code: string;
  signUpProof?: string | undefined;
}

export interface PasswordSignIn {
  email?: string;
  username?: string;
  team?: string;
  password: string;
  /** The device token an earlier sign-in on this client answered (ADR 081). */
  device?: string;
}

/**
 * The sign-in limits (ADR 081), asked before the password is checked: `account` names the
 * account whatever spelling was typed, `deviceId` a device that signed in to it before.
 */
export type SignInLimit = (account: string, deviceId: string | undefined) => Promise<PasswordCheck>;

/**
 * The limits on tries of a mailed code (ADR 084), asked before the code is checked: `holder`
 * for a client that proved it holds the account (the sign-up's proof, a known device), else
 * `stranger`; `account` names the account whatever spelling was typed (or what was typed).
 */
export type CodeLimit = (kind: "holder" | "stranger", account: string) => Promise<void>;

export interface NewPasswordAnswer {
  session: string;
  username: string;
  teamId: string | null;
  newPassword: string;
}

export interface PasswordReset {
  email: string;
  code: string;
  newPassword: string;
  /** The device token of an earlier sign-in on this client (ADR 081). */
  device?: string | undefined;
}

export interface PasswordChange {
  userId: string;
  /** The session asking: it stays signed in, every other one ends. */
  familyId: string;
  currentPassword: string;
  newPassword: string;
}

export interface EmailChangeRequest {
  userId: string;
  currentPassword: string;
  newEmail: string;
}

export interface EmailChangeConfirmation {
  userId: string;
  /** The session confirming: it stays signed in, every other one ends. */
  familyId: string;
  code: string;
}

export interface FederatedSignIn extends Partial<Consent> {
  provider: FederatedProviderId;
  idToken: string;
  /** The flow startFederated gave (ADR 086). */
  flow: string;
  /** With the versions, needed to make an account (ADR 096). */
  ageConfirmed?: boolean;
}

export async function signUp(deps: AccountDependencies, input: NewAccount) {
  const { db, now, logger, tokens } = deps;
  // Refused before any look-up: the answer says nothing about the address (ADR 088).
  if (deps.signUp === "invite-only") {
    throw new ApiError("restrictedAccess", "Sign-up is by invitation only");
  }
  const existing = await findUserByEmail(db, input.email);
  if (existing && isUnconfirmedSignUp(existing)) return signUpAgain(deps, existing, input);
  if (existing) throw conflictFor(existing);
  const userId = randomUUID();
  const at = now();
  const user = newUserRow(
    {
      user_id: userId,
      email: input.email,
      email_verified: 0,
      password_hash: await hashPassword(input.password),
      nickname: input.nickname,
      locale: input.locale,
      provider: "password",
      ...consentColumns(input, at),
    },
    at,
  );
  const inserted = await db
    .insertInto("users")
    .values(user)
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const winner = await findUserByEmail(db, input.email);
    throw winner ? conflictFor(winner) : new ApiError("userAlreadyExists", "Try again");
  }
  try {
    await sendVerification(deps, { ...user, email: input.email });
  } catch (error) {
    // The account exists; the user can ask for the code again.
    logger.error({ err: error }, "sign-up: the verification mail could not be sent");
  }
  return {
    username: user.username,
    email: input.email,
    signUpProof: await tokens.signSignUpProof(
      user.user_id,
      input.email,
      user.password_hash as string,
    ),
  };
}

/** An account signed up with a password whose address nobody has confirmed yet. */
function isUnconfirmedSignUp(user: UserRow) {
  return (
    user.email !== null &&
    !user.email_verified &&
    user.provider === "password" &&
    user.user_scope !== "team" &&
    user.password_hash !== null
  );
}

/**
 * A sign-up to an address whose account nobody has confirmed: whoever signed up first never
 * proved the address, so this sign-up's password, nickname and language replace theirs, their
 * codes and proof stop working, and a new code goes to the address (ADR 084). Answered as a
 * new sign-up, so the answer does not tell that someone tried first.
 */
async function signUpAgain(deps: AccountDependencies, existing: UserRow, input: NewAccount) {
  const { db, now, logger, tokens, codes } = deps;
  const passwordHash = await hashPassword(input.password);
  const replaced = await db
    .updateTable("users")
    .set({
      password_hash: passwordHash,
      nickname: input.nickname,
      locale: input.locale,
      ...consentColumns(input, now()),
      updated_at: now(),
    })
    .where("user_id", "=", existing.user_id)
    .where("email_verified", "=", 0)
    .executeTakeFirst();
  // Confirmed meanwhile: the address has its owner now.
  if (Number(replaced.numUpdatedRows) !== 1) throw conflictFor(existing);
  await codes.voidAll(existing.user_id);
  const email = existing.email as string;
  const user = { ...existing, password_hash: passwordHash, locale: input.locale, email };
  try {
    await sendVerification(deps, user);
  } catch (error) {
    logger.error({ err: error }, "sign-up: the verification mail could not be sent");
  }
  return {
    username: existing.username,
    email,
    signUpProof: await tokens.signSignUpProof(existing.user_id, email, passwordHash),
  };
}

/**
 * Confirms the address with the mailed code. With the sign-up's proof, the client that signed up
 * is signed in too (ADR 029): the code proves the address, the proof that this is who chose the
 * password. Only the request that confirms the address gets tokens; a bare code, a second click
 * or someone else's proof confirms and signs nobody in. The proof also makes its client the
 * code's holder (ADR 084): its tries are counted on a budget of its own, so strangers' wrong
 * guesses can neither spend the code nor the account's budget for it.
 */
export async function verifyEmail(
  deps: AccountDependencies,
  input: EmailVerification,
  limit: CodeLimit,
): Promise<SignInResult | undefined> {
  const { db, now, tokens, codes } = deps;
  const wrong = () => new ApiError("wrongVerificationCode", "The code is not right");
  const found = await findUserByEmail(db, input.email);
  const user = found?.email && found.username === input.username ? found : undefined;
  const proof = user?.email
    ? await tokens.signUpProofOf(input.signUpProof, user.user_id, user.email, user.password_hash)
    : "none";
  const holder = proof === "current";
  await limit(
    holder ? "holder" : "stranger",
    user ? `user:${user.user_id}` : `email:${input.email.toLowerCase()}`,
  );
  if (!user) throw wrong();
  // A link followed twice: the address is already confirmed. Only its own code says so; any
  // other is wrong, as it would be before, so this is no way to learn who is confirmed.
  if (user.email_verified) {
    if (await codes.wasUsed(user.user_id, "verify", input.code)) return undefined;
    throw wrong();
  }
  await codes.consume(user.user_id, "verify", input.code, { holder });
  // The client of an earlier sign-up holds the mailed code, so it owns the mailbox; a later
  // sign-up replaced its password, so that password is not the owner's: it goes, and the
  // owner chooses one with a reset (ADR 084).
  const dropPassword = proof === "stale" ? { password_hash: null } : {};
  const confirmed = await db
    .updateTable("users")
    .set({ email_verified: 1, updated_at: now(), ...dropPassword })
    .where("user_id", "=", user.user_id)
    .where("email_verified", "=", 0)
    .executeTakeFirst();
  if (Number(confirmed.numUpdatedRows) !== 1 || !holder || user.password_hash === null) {
    return undefined;
  }
  return signedIn(deps, { ...user, email_verified: 1 }, "password");
}

/** Same answer whether or not the email has an account waiting for confirmation. */
export async function resendCode(deps: AccountDependencies, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.email || user.email_verified || user.password_hash === null) return;
  inBackground(deps, "resend-code: mail", () =>
    sendVerification(deps, { ...user, email: user.email as string }),
  );
}

/**
 * A password sign-in. The limits count one account whatever spelling was typed (its email in
 * any case, its id as username, its team's id or any alias): the account's id, or for no
 * account what was typed, normalized, so the answers and the work are the same either way.
 */
export async function signIn(deps: AccountDependencies, input: PasswordSignIn, limit: SignInLimit) {
  const { db, tokens } = deps;
  const teamId = input.email === undefined ? await teamIdOfCode(db, input.team) : undefined;
  const user = input.email
    ? await findUserByEmail(db, input.email)
    : await findUserByUsername(db, input.username ?? "", teamId);
  const account = user
    ? `user:${user.user_id}`
    : input.email
      ? `email:${input.email.toLowerCase()}`
      : `username:${teamId ?? ""}/${(input.username ?? "").toLowerCase()}`;
  const deviceId = await tokens.deviceOf(input.device, user?.user_id ?? "");
  const check = await limit(account, deviceId);
  // Unknown users cost the same argon2 work as a wrong password.
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw notAuthorized();
  await check.passed();
  if (user.email !== null && !user.email_verified) {
    // The password was right, so naming the username (for the verify page) reveals nothing.
    throw new ApiError("notConfirmed", "Confirm your email first", 403, undefined, {
      email: user.email,
      username: user.username,
    });
  }
  let passwordHash = user.password_hash;
  if (passwordHash && passwordNeedsRehash(passwordHash)) {
    passwordHash = await setPassword(deps, user.user_id, input.password);
  }
  if (user.must_change_password) {
    throw new ApiError("newPasswordRequired", "Choose a new password", 401, undefined, {
      session: await tokens.signChallenge(user.user_id, passwordHash),
      teamId: user.team_id,
      username: user.username,
    });
  }
  return {
    result: await signedIn(deps, user, "password"),
    device: await tokens.signDevice(user.user_id, deviceId),
  };
}

export async function completeNewPassword(deps: AccountDependencies, input: NewPasswordAnswer) {
  const challenge = await deps.tokens.verifyChallenge(input.session);
  const user = await findUserById(deps.db, challenge.userId);
  // The challenge is genuine; its account was deleted since (ADR 088).
  if (!user) throw new ApiError("userNotFound", "This account no longer exists");
  // The username and team sent are not those the challenge was given for (ADR 088).
  if (user.username !== input.username || user.team_id !== input.teamId) {
    throw new ApiError("invalidCredentials", "These are not the credentials of this session");
  }
  // The password it was issued for was regenerated since: only the newest one's challenge works.
  if (passwordFingerprint(user.password_hash) !== challenge.password) {
    throw new ApiError("notAuthorized", "This password was replaced since; sign in again");
  }
  // Once the password is changed the challenge is spent.
  if (!user.must_change_password) {
    throw new ApiError("notAuthorized", "No new password is required; sign in again");
  }
  await setPassword(deps, user.user_id, input.newPassword, { must_change_password: 0 });
  return signedIn(deps, user, "password");
}

/** Same answer whether or not the email has an account; mails a code only when it does. */
export async function forgotPassword(deps: AccountDependencies, email: string) {
  const { db, codes, mailer, productName } = deps;
  const user = await findUserByEmail(db, email);
  if (!user?.email) return;
  const to = user.email;
  inBackground(deps, "forgot-password: mail", async () => {
    const code = await codes.issue(user.user_id, "reset");
    await mailer.send(
      passwordResetMail({
        locale: user.locale,
        productName,
        to,
        code,
        link: link(deps, "/auth/reset", { email: to, code }),
      }),
    );
  });
}

/** A reset proves the address too; every session of the account is closed. */
export async function resetPassword(
  deps: AccountDependencies,
  input: PasswordReset,
  limit: CodeLimit,
) {
  const user = await findUserByEmail(deps.db, input.email);
  // A browser that signed in to the account before holds it (ADR 081, ADR 084).
  const deviceId = user ? await deps.tokens.deviceOf(input.device, user.user_id) : undefined;
  await limit(
    deviceId === undefined ? "stranger" : "holder",
    user
      ? `user:${user.user_id}${deviceId === undefined ? "" : `:${deviceId}`}`
      : `email:${input.email.toLowerCase()}`,
  );
  if (!user) throw new ApiError("wrongVerificationCode", "The code is not right");
  await deps.codes.consume(user.user_id, "reset", input.code, { holder: deviceId !== undefined });
  await setPassword(deps, user.user_id, input.newPassword, {
    email_verified: 1,
    must_change_password: 0,
  });
  await deps.sessions.revokeAll(user.user_id);
}

/**
 * A signed-in account changes its password, naming the current one (its caller counts the try
 * against the currentPassword rate limit first). Every other session of the account ends; the
 * one asking stays signed in (ADR 072). The address, when the account has one, is told.
 */
export async function changePassword(deps: AccountDependencies, input: PasswordChange) {
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
  if (user.password_hash === null) {
    throw new ApiError(
      "cannotChangePassword",
      "This account signs in through a provider and has no password to change",
    );
  }
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new ApiError("wrongPassword", "The current password is not right");
  }
  await setPassword(deps, user.user_id, input.newPassword);
  await deps.sessions.revokeOthers(user.user_id, input.familyId);
  const to = user.email;
  if (to !== null) {
    inBackground(deps, "change-password: mail", () =>
      deps.mailer.send(
        passwordChangedMail({
          locale: user.locale,
          productName: deps.productName,
          to,
          link: link(deps, "/auth/forgot", { email: to }),
        }),
      ),
    );
  }
}

/**
 * The account whose email may change: one that signs in with its address and a password. An
 * internal member has no address of its own (its team manages it); a provider's account has the
 * provider's (ADR 077).
 */
async function emailChangingUser({ db }: AccountDependencies, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
  if (user.user_scope === "team" || user.email === null) {
    throw new ApiError("forbidden", "An internal member's account has no email to change");
  }
  if (user.password_hash === null) {
    throw new ApiError(
      "cannotChangeEmail",
      "This account signs in through a provider, which gives its email address",
    );
  }
  return { ...user, email: user.email, password_hash: user.password_hash };
}

/** Sign-up's answer for an address with an account, without naming its provider. */
const addressTaken = () =>
  new ApiError("userAlreadyExists", "An account with this email already exists");

/**
 * Asks to change the account's email (its caller counts the password try and the mail first):
 * the current password proves the person, a code mailed to the new address proves the address.
 * Nothing changes until the code comes back (ADR 077). An address with an account is refused as
 * sign-up refuses it; the account's own address too.
 */
export async function requestEmailChange(deps: AccountDependencies, input: EmailChangeRequest) {
  const { db, codes, logger } = deps;
  const user = await emailChangingUser(deps, input.userId);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new ApiError("wrongPassword", "The current password is not right");
  }
  if (await findUserByEmail(db, input.newEmail)) throw addressTaken();
  const code = await codes.issue(user.user_id, "changeEmail", input.newEmail);
  try {
    await deps.mailer.send(
      emailChangeMail({
        locale: user.locale,
        productName: deps.productName,
        to: input.newEmail,
        code,
        link: link(deps, "/profile/email", { email: input.newEmail, code }),
      }),
    );
  } catch (error) {
    // The code is issued; asking again sends a new one.
    logger.error({ err: error }, "change-email: the code could not be mailed");
  }
}

/**
 * The code mailed to the new address makes it the account's: confirmed, the one to sign in
 * with. Every other session ends, this one stays; the old address is told, naming the new one.
 */
export async function confirmEmailChange(
  deps: AccountDependencies,
  input: EmailChangeConfirmation,
) {
  const { db, now, codes } = deps;
  const user = await emailChangingUser(deps, input.userId);
  const newEmail = await codes.consume(user.user_id, "changeEmail", input.code);
  if (newEmail === null) throw new ApiError("wrongVerificationCode", "The code is not right");
  // Someone signed up with the address while the code was on its way.
  if (await findUserByEmail(db, newEmail)) throw addressTaken();
  try {
    await db
      .updateTable("users")
      .set({ email: newEmail, email_verified: 1, updated_at: now() })
      .where("user_id", "=", user.user_id)
      .execute();
  } catch (error) {
    // The same race, lost to the unique index a moment later.
    if (await findUserByEmail(db, newEmail)) throw addressTaken();
    throw error;
  }
  await deps.sessions.revokeOthers(user.user_id, input.familyId);
  const to = user.email;
  inBackground(deps, "change-email: notice", () =>
    deps.mailer.send(
      emailChangedMail({
        locale: user.locale,
        productName: deps.productName,
        to,
        newEmail,
        link: `${deps.publicUrl}/`,
      }),
    ),
  );
  return newEmail;
}

export async function refresh(
  deps: AccountDependencies,
  refreshToken: string,
): Promise<SignInResult> {
  const rotated = await deps.sessions.rotate(refreshToken);
  const user = await findUserById(deps.db, rotated.userId);
  if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
  return {
    ...(await deps.tokens.issue(user, rotated.familyId)),
    RefreshToken: rotated.refreshToken,
  };
}

/** Closes the session of an access token; an expired but genuine one still names it. */
export async function signOut(deps: AccountDependencies, accessToken: string) {
  const { familyId } = await deps.tokens.verifyAccess(accessToken, { allowExpired: true });
  await deps.sessions.revoke(familyId);
}

export interface SignOutEverywhere {
  userId: string;
  /** The session asking. */
  familyId: string;
  /** Keep the session asking signed in, ending only the others. */
  keepCurrent: boolean;
}

/**
 * Ends every session of the account, on every device: their access tokens stop at once and
 * their refresh tokens are refused. Optionally the one asking stays (ADR 085).
 */
export async function signOutEverywhere(deps: AccountDependencies, input: SignOutEverywhere) {
  if (input.keepCurrent) await deps.sessions.revokeOthers(input.userId, input.familyId);
  else await deps.sessions.revokeAll(input.userId);
}

export async function federatedSignIn(deps: AccountDependencies, input: FederatedSignIn) {
  const { db, now } = deps;
  const identity = await deps.federated.verify(input.provider, input.idToken, input.flow);
  let user = await findUserByEmail(db, identity.email);
  if (!user) {
    // Invitation only: the provider proved the address, which a team has invited (ADR 088).
    if (deps.signUp === "invite-only" && !(await invitedNow(db, identity.email, now()))) {
      throw new ApiError("restrictedAuthorization", "Sign-up is by invitation only");
    }
    user = await createFederatedUser(deps, identity, consentOf(input));
  } else if (!user.email_verified) {
    // Whoever signed up with this address never proved it; the provider just did. Their
    // password is dropped, so an address squatter cannot keep a way in.
    await db
      .updateTable("users")
      .set({
        email_verified: 1,
        password_hash: null,
        provider: identity.provider,
        updated_at: now(),
      })
      .where("user_id", "=", user.user_id)
      .execute();
    user = { ...user, email_verified: 1, password_hash: null, provider: identity.provider };
  }
  return signedIn(deps, user, identity.provider);
}

async function signedIn(
  { tokens, sessions }: AccountDependencies,
  user: UserRow,
  provider: SignInProvider,
): Promise<SignInResult> {
  const { familyId, refreshToken } = await sessions.open(user.user_id, provider);
  return { ...(await tokens.issue(user, familyId)), RefreshToken: refreshToken };
}

function link({ publicUrl }: AccountDependencies, path: string, params: Record<string, string>) {
  return `${publicUrl}${path}?${new URLSearchParams(params)}`;
}

async function sendVerification(deps: AccountDependencies, user: UserRow & { email: string }) {
  const code = await deps.codes.issue(user.user_id, "verify");
  await deps.mailer.send(
    verificationMail({
      locale: user.locale,
      productName: deps.productName,
      to: user.email,
      code,
      link: link(deps, "/auth/verify", { email: user.email, code, username: user.username }),
    }),
  );
}

/**
 * Work whose outcome the caller must not reveal (does this email have an account?) runs after the
 * answer, so the answer's timing does not tell either.
 */
function inBackground({ logger }: AccountDependencies, what: string, work: () => Promise<void>) {
  work().catch((error) => logger.error({ err: error }, `${what} failed`));
}

function conflictFor(existing: UserRow) {
  if (existing.password_hash === null && existing.provider !== "password") {
    return new ApiError(
      "alreadySignedUp",
      `This email already signed up with ${PROVIDER_NAMES[existing.provider]}`,
      409,
      undefined,
      { provider: existing.provider },
    );
  }
  return new ApiError("userAlreadyExists", "An account with this email already exists");
}

async function setPassword(
  { db, now }: AccountDependencies,
  userId: string,
  password: string,
  extra: Partial<UserRow> = {},
) {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable("users")
    .set({ ...extra, password_hash: passwordHash, updated_at: now() })
    .where("user_id", "=", userId)
    .execute();
  return passwordHash;
}

/** Whether a team has invited `email` and the invitation is still open (ADR 088). */
async function invitedNow(db: Db, email: string, at: number) {
  const row = await db
    .selectFrom("members")
    .select("member_id")
    .where("email", "=", email.toLowerCase())
    .where("status", "=", "invited")
    .where("invite_expires_at", ">", at)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new user from a provider's identity: verified email, no password, a global account. */
/**
 * The consent a social sign-in carries; an account is not made without it (ADR 096). The web app
 * sends it because its provider buttons say that continuing confirms it.
 */
function consentOf(input: FederatedSignIn): Consent {
  if (input.ageConfirmed !== true || !input.termsVersion || !input.privacyVersion) {
    throw new ApiError(
      "invalidInput",
      "This identity has no account yet: confirm the age (ageConfirmed) and send the versions of the terms and privacy policy accepted (termsVersion, privacyVersion) to make one",
    );
  }
  return { termsVersion: input.termsVersion, privacyVersion: input.privacyVersion };
}

async function createFederatedUser(
  { db, now, logger }: AccountDependencies,
  identity: FederatedIdentity,
  consent: Consent,
) {
  const userId = randomUUID();
  const inserted = await db
    .insertInto("users")
    .values(
      newUserRow(
        {
          user_id: userId,
          email: identity.email,
          email_verified: 1,
          password_hash: null,
          first_name: identity.givenName ?? null,
          last_name: identity.familyName ?? null,
          nickname: firstValid(nicknameSchema, [
            identity.name,
            [identity.givenName, identity.familyName].filter(Boolean).join(" "),
            identity.givenName,
            identity.email.split("@")[0],
          ]),
          preferred_name: firstValid(preferredNameSchema, [identity.givenName]),
          locale: productLocale(identity.locale),
          provider: identity.provider,
          ...consentColumns(consent, now()),
        },
        now(),
      ),
    )
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    logger.info({ provider: identity.provider }, "federated sign-in raced a sign-up; using it");
  }
  const user = await findUserByEmail(db, identity.email);
  if (!user) throw new Error("the user just created is missing");
  return user;
}
