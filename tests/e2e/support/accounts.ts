import { type Page, test } from "@playwright/test";
import { CONSENT } from "#tests/support/consent.ts";
import { appUrl } from "../../../playwright.config.ts";
import { waitForMail } from "./mail.ts";

export const PASSWORD = "Correct-Horse-9";

/** An address no other test (or project) uses. */
export function uniqueEmail(prefix: string) {
  const project = test.info().project.name;
  return `${prefix}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/*
 * The helpers that call the API take the host to call last, "app" by default: a test that starts
 * its own host (support/instances.ts) makes its users there.
 */

async function api(path: string, body: unknown, site = appUrl) {
  const response = await fetch(`${site}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * A confirmed account made through the real API and the real mailbox, for tests whose subject
 * is not sign-up itself.
 */
export async function createVerifiedUser(prefix: string, nickname = "Ada Lovelace", site = appUrl) {
  const email = uniqueEmail(prefix);
  const created = await api(
    "/auth/signup",
    { email, password: PASSWORD, nickname, locale: "en", ...CONSENT },
    site,
  );
  const mail = await waitForMail(email, /verif/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.text}`);
  await api("/auth/verify-email", { code, email, username: created.username }, site);
  return { email, password: PASSWORD, nickname };
}

/** Session cookies this worker has signed in for, by email: each user signs in once. */
const sessions = new Map<string, string>();

/**
 * Signs `page`'s browser context in as `email` without driving the form: the web tier's own
 * sign-in action, posted over HTTP as a browser without JavaScript would, once per user; its
 * session cookie goes into the context. Only the accounts specs test the form itself.
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const session = await sessionOf(email, password);
  await page
    .context()
    .addCookies([
      { name: "session", value: session, url: appUrl, httpOnly: true, sameSite: "Lax" },
    ]);
}

/** A Cookie header signed in as `email`, for tests that speak HTTP without a browser. */
export async function signInCookie(email: string, password = PASSWORD) {
  return `session=${await sessionOf(email, password)}`;
}

/**
 * Signs `page` in with a session of its own, never one another page shares: another device
 * signed in to the same account.
 */
export async function signInAsAnotherDevice(page: Page, email: string, password = PASSWORD) {
  const session = await newSession(email, password);
  await page
    .context()
    .addCookies([
      { name: "session", value: session, url: appUrl, httpOnly: true, sameSite: "Lax" },
    ]);
}

async function sessionOf(email: string, password: string) {
  let session = sessions.get(email);
  if (!session) {
    session = await newSession(email, password);
    sessions.set(email, session);
  }
  return session;
}

async function newSession(email: string, password: string) {
  const response = await fetch(`${appUrl}/auth/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: appUrl },
    body: new URLSearchParams({ intent: "sign-in", identifier: email, password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("session="))
    ?.slice("session=".length);
  if (response.status !== 303 || !session) {
    throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  }
  return session;
}

/** Signs in through the API, for tests that set things up faster than the pages would. */
export async function apiAccessToken(email: string, password = PASSWORD, site = appUrl) {
  const { result } = (await api("/auth/signin", { email, password }, site)) as {
    result: { AccessToken: string };
  };
  return result.AccessToken;
}

/** A team made through the API, as its owner; answers its id. */
export async function createTeamViaApi(accessToken: string, name: string, site = appUrl) {
  const response = await fetch(`${site}/api/teams`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`/teams: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { teamId: string }).teamId;
}

/** A call to the API as the holder of the token; answers the JSON body, throws on a refusal. */
export async function apiCall(
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
  site = appUrl,
) {
  const response = await fetch(`${site}/api${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const apiAs = (accessToken: string, path: string, body: unknown, site = appUrl) =>
  apiCall(accessToken, "POST", path, body, site);

/**
 * An internal contributor of a new team with an alias, created through the API as its owner
 * would: answers the sign-in details the owner is shown once.
 */
export async function createInternalMember(teamName: string) {
  const owner = await createVerifiedUser("crew-owner");
  const token = await apiAccessToken(owner.email);
  const teamId = await createTeamViaApi(token, teamName);
  const alias = `crew-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await apiAs(token, `/teams/${teamId}/aliases`, { alias, star: true });
  const created = await apiAs(token, `/teams/${teamId}/members`, {
    username: `crew.${Math.random().toString(36).slice(2, 8)}`,
    locale: "en",
  });
  const credentials = created.credentials as {
    teamAlias: string;
    teamId: string;
    username: string;
    password: string;
  };
  return { ...credentials, teamName };
}

/** A collection made through the API in a team; answers its id. */
export async function createCollectionViaApi(
  accessToken: string,
  teamId: string,
  collection: { name: string; description?: string; mode?: "owned" | "collaborative" },
  site = appUrl,
) {
  const created = await apiAs(accessToken, `/teams/${teamId}/collections`, collection, site);
  return created.collectionId as string;
}

/** A verified owner with a team and one collection in it, made through the API. */
export async function ownerWithCollection(
  owner: { prefix: string; nickname: string; team: string },
  collection: { name: string; description?: string; mode?: "owned" | "collaborative" },
) {
  const user = await createVerifiedUser(owner.prefix, owner.nickname);
  const token = await apiAccessToken(user.email);
  const teamId = await createTeamViaApi(token, owner.team);
  const collectionId = await createCollectionViaApi(token, teamId, collection);
  return {
    owner: user,
    token,
    teamId,
    collectionId,
    url: `/teams/${teamId}/collections/${collectionId}`,
  };
}

/** A second member of the team (an admin unless told), through the API: invited by mail, accepted. */
export async function acceptedMember(
  ownerToken: string,
  teamId: string,
  nickname: string,
  role = "admin",
) {
  const member = await createVerifiedUser("member", nickname);
  await apiCall(ownerToken, "POST", `/teams/${teamId}/members`, {
    email: member.email,
    nickname,
    role,
    locale: "en",
  });
  const mail = await waitForMail(member.email, /invited you/);
  const link = new URL(mail.links.find((l) => l.includes("/invitations/accept")) ?? "");
  const token = await apiAccessToken(member.email);
  await apiCall(token, "POST", `/teams/${teamId}/invitations/accept`, {
    token: link.searchParams.get("key"),
  });
  return { token, member };
}
