import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import fc from "fast-check";
import { decodeJwt } from "jose";
import { CONSENT } from "#tests/support/consent.ts";
import { createTokenService } from "../../api/auth/tokens.ts";
import { sealedCookie } from "../../app/services/sealed-cookie.server.ts";
import { smtpUrl } from "../../playwright.config.ts";
import { formatCounts, runFuzz, webActionRequests } from "../support/fuzz.ts";
import { PASSWORD, uniqueEmail } from "./support/accounts.ts";
import {
  type Instance,
  type ProxyMode,
  type SwitchableProxy,
  startInstance,
  startSwitchableProxy,
} from "./support/instances.ts";
import { waitForMail } from "./support/mail.ts";

/** The web fuzz run's seed: the same requests every run, until someone changes it. */
const FUZZ_SEED = 20261124;

/*
 * No request can stop the server, and none gets a 5xx for a client's mistake (ADR 018). Every
 * page route, as a document (with and without the `js` cookie a browser that runs JavaScript
 * sends) and as the `.data` a client-side navigation fetches, is asked for with ids that do not
 * exist, ids of another team, garbage in the query, a session signed out elsewhere, expired
 * tokens, no session, and with the API answering 500, hanging, or dropping the connection.
 *
 * Two hosts of the production build: "app" (ROLE=all, the API) and "web" (ROLE=web) calling it
 * through a proxy the test switches. Both share the secrets, so the test can mint a session
 * cookie and an expired access token the way the servers would.
 */

const SESSION_SECRET = "robustness-session-secret-0123456789abcdef";
const TOKEN_SIGNING_KEY = "robustness-token-signing-key-0123456789abcdef";
const WEB_TIER_KEY = "robustness-web-tier-key-0123456789abcdef";

let app: Instance;
let web: Instance;
let proxy: SwitchableProxy;

interface Owner {
  email: string;
  token: string;
  userId: string;
  teamId: string;
  collectionId: string;
  fileId: string;
  downloadId: string;
  /** A drop link of the collection (ADR 097). */
  linkId: string;
}
let ada: Owner;
let bob: Owner;
/** Ada's session cookie on the web host ("session=..."). */
let adaCookie: string;

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const secrets = {
    SESSION_SECRET,
    TOKEN_SIGNING_KEY,
    WEB_TIER_KEY,
    ADDRESS_RATE_LIMIT_FACTOR: "50",
  };
  app = await startInstance({ ...secrets, SMTP_URL: smtpUrl });
  proxy = await startSwitchableProxy(app.url);
  web = await startInstance({
    ...secrets,
    ROLE: "web",
    API_URL: proxy.url,
    // The "hang" mode waits this long per page, not the 15 s default.
    API_TIMEOUT_MS: "700",
  });
  [ada, bob] = await Promise.all([owner("ada"), owner("bob")]);
  adaCookie = await signInOnWeb(ada.email);
});

test.afterAll(async () => {
  await Promise.all([web?.stop(), app?.stop()]);
  await proxy?.close();
});

async function apiAs<T>(token: string | null, path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}/api${path}`, {
    ...init,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A verified user owning a team with a collection holding one processed photo. */
async function owner(prefix: string): Promise<Owner> {
  const email = uniqueEmail(`robust-${prefix}`);
  const post = (path: string, body: unknown, token: string | null = null) =>
    apiAs<Record<string, unknown>>(token, path, { method: "POST", body: JSON.stringify(body) });
  const created = await post("/auth/signup", {
    email,
    password: PASSWORD,
    nickname: prefix,
    ...CONSENT,
  });
  const mail = await waitForMail(email, /verif/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  await post("/auth/verify-email", { code, email, username: created.username });
  const { result } = (await post("/auth/signin", { email, password: PASSWORD })) as {
    result: { AccessToken: string };
  };
  const token = result.AccessToken;
  const userId = decodeJwt(token).sub ?? "";
  const { teamId } = (await post("/teams", { name: `${prefix} team` }, token)) as {
    teamId: string;
  };
  const { collectionId } = (await post(
    `/teams/${teamId}/collections`,
    { name: `${prefix} photos` },
    token,
  )) as { collectionId: string };
  const photo = fs.readFileSync("tests/e2e/fixtures/forest.jpg");
  const filesPath = `/teams/${teamId}/collections/${collectionId}/files`;
  const { fileId, uploadUrl } = (await post(
    filesPath,
    { name: "forest.jpg", contentType: "image/jpeg", size: photo.byteLength },
    token,
  )) as { fileId: string; uploadUrl: string };
  const put = await fetch(uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "image/jpeg" },
    body: photo,
  });
  expect(put.ok).toBe(true);
  await expect
    .poll(
      async () =>
        (await apiAs<{ status: string }>(token, `${filesPath}/${fileId}`)).status ?? "missing",
      { timeout: 30_000 },
    )
    .toBe("ready");
  const { requestId: downloadId } = (await post(
    `/teams/${teamId}/downloads`,
    { collectionId },
    token,
  )) as {
    requestId: string;
  };
  const { linkId } = (await post(
    `/teams/${teamId}/collections/${collectionId}/drop-links`,
    { title: `${prefix} drop link` },
    token,
  )) as { linkId: string };
  return { email, token, userId, teamId, collectionId, fileId, downloadId, linkId };
}

/** Signs in through the web host's own sign-in form, as a browser without JavaScript would. */
async function signInOnWeb(email: string) {
  const response = await fetch(`${web.url}/auth/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.url },
    body: new URLSearchParams({ intent: "sign-in", identifier: email, password: PASSWORD }),
  });
  expect(response.status).toBe(303);
  const cookie = sessionCookieOf(response);
  expect(cookie).toBeTruthy();
  return cookie as string;
}

function sessionCookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair?.startsWith("session="));
}

/** The web host's own session storage: reads and mints its cookie with the shared secret. */
// The session cookie as the web tier makes it: signed, and its value sealed (ADR 082).
const sessions = createCookieSessionStorage({
  cookie: sealedCookie(
    createCookie("session", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secrets: [SESSION_SECRET],
    }),
    [SESSION_SECRET],
  ),
});

async function sessionData(cookie: string | undefined) {
  return (await sessions.getSession(cookie)).data as {
    tokens?: { accessToken: string; refreshToken: string; expiresAt: number };
    redirectTo?: string;
  };
}

async function mintSession(tokens: {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}) {
  const session = await sessions.getSession();
  session.set("tokens", tokens);
  session.set("displayName", "Ada");
  return (await sessions.commitSession(session)).split(";")[0];
}

// The page routes, with what their ids are (app/routes; the coverage test below keeps this list
// complete). `T` team, `C` collection, `F` file, `U` member, `D` download, `K` a drop link's token.
const SIGNED_IN_PAGES = [
  "/teams",
  "/switch-team",
  "/profile",
  "/profile/avatar",
  "/profile/email",
  "/teams/T",
  "/teams/T/info",
  "/teams/T/rename",
  "/teams/T/delete",
  "/teams/T/leave",
  "/teams/T/logo",
  "/teams/T/alias",
  "/teams/T/roles",
  "/teams/T/members/new",
  "/teams/T/members/U",
  "/teams/T/new-collection",
  "/teams/T/rename-collection/C",
  "/teams/T/delete-collection/C",
  "/teams/T/share-collection/C",
  "/teams/T/tag-collection/C",
  "/teams/T/collections-page",
  "/teams/T/members-page",
  "/teams/T/collections/C",
  "/teams/T/collections/C/upload",
  "/teams/T/collections/C/files/F",
  "/teams/T/collections/C/files/F/rename",
  "/teams/T/collections/C/files/F/download",
  "/teams/T/collections/C/files/F/delete",
  "/teams/T/collections/C/review",
  "/teams/T/trash",
  "/teams/T/downloads",
  "/teams/T/downloads/D",
  "/teams/T/downloads/D/download",
  "/teams/T/activity",
  "/teams/T/collections/C/links",
  "/teams/T/collections/C/links/new",
  "/teams/T/collections/C/links/L",
  "/teams/T/collections/C/links/L/edit",
  "/teams/T/collections/C/links/L/poster",
];
const PUBLIC_PAGES = [
  "/",
  "/status",
  "/404",
  "/terms",
  "/privacy",
  "/auth/signin",
  "/auth/signup",
  "/auth/forgot",
  "/auth/reset",
  "/auth/verify",
  "/auth/check-email",
  "/auth/callback",
  "/teams/T/invitations/accept",
  "/teams/T/invitations/reject",
  "/plans",
  "/unsubscribe",
  "/d/K/gallery",
  "/d/K/gallery/F",
  // A drop link's guest page (ADR 098); `K` stays as it is, a token no link has.
  "/d/K",
  "/no/such/page",
];
/** Resource routes: no page of their own, so no `.data` form. */
const RESOURCES = new Set([
  "/teams/T/collections/C/files/F/download",
  "/teams/T/downloads/D/download",
  "/auth/callback",
]);

const GARBAGE_QUERY = new URLSearchParams({
  cursor: "garbage",
  mafter: "%%%",
  mq: "\u0000",
  q: "x".repeat(600),
  from: "2024-13-45",
  to: "not-a-day",
  sort: "sideways",
  creator: "EMAIL#nobody",
  tagged: "'; drop table",
  tab: "everything",
  view: "weird",
  id: "no-such-upload",
  key: "garbage",
  confirm: "remove",
}).toString();

type Ids = Record<"T" | "C" | "F" | "U" | "D" | "L" | "K", string>;
const idsOf = (owner: Owner): Ids => ({
  T: owner.teamId,
  C: owner.collectionId,
  F: owner.fileId,
  U: owner.userId,
  D: owner.downloadId,
  L: owner.linkId,
  // A drop link's token: none of the owners has a link by that token, so every drop page is a
  // 404 here.
  K: "AAAAAAAAAAAAAAAAAAAAAAAA",
});

function pathFor(route: string, ids: Ids) {
  return route.replace(/\b[TCFUDLK]\b/g, (name) => encodeURIComponent(ids[name as keyof Ids]));
}

/** A route asked for the three ways a browser asks. */
function requestsFor(route: string, path: string) {
  const [pathname, search = ""] = path.split("?");
  const data = `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
  return [
    { kind: "document", path, js: false },
    { kind: "document+js", path, js: true },
    ...(RESOURCES.has(route) ? [] : [{ kind: "data", path: data, js: true }]),
  ];
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
  setCookie: string | undefined;
}

async function ask(path: string, cookie: string | null | undefined, js: boolean): Promise<Answer> {
  const cookies = [cookie, js ? "js=1" : null].filter(Boolean).join("; ");
  const response = await fetch(`${web.url}${path}`, {
    redirect: "manual",
    headers: cookies ? { Cookie: cookies } : {},
  });
  return {
    status: response.status,
    location: response.headers.get("location") ?? response.headers.get("x-remix-redirect"),
    body: await response.text(),
    setCookie: sessionCookieOf(response),
  };
}

/** Runs `check` on every request of `routes`, a few at a time. */
async function each(
  routes: string[],
  ids: Ids,
  query: string,
  check: (answer: Answer, label: string, path: string) => Promise<void> | void,
  cookie: string | null | undefined,
) {
  const jobs = routes.flatMap((route) => {
    const path = pathFor(route, ids) + (query ? `?${query}` : "");
    return requestsFor(route, path).map((request) => ({ route, ...request }));
  });
  for (let i = 0; i < jobs.length; i += 6) {
    await Promise.all(
      jobs.slice(i, i + 6).map(async (job) => {
        const answer = await ask(job.path, cookie, job.js);
        const label = `${job.kind} ${job.path.slice(0, 120)} → ${answer.status} ${answer.location ?? ""}`;
        expect(answer.body, label).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)|ApiRequestError/);
        await check(answer, label, job.path);
      }),
    );
  }
}

/** Both hosts still answer, and neither has logged a rejection nobody handled. */
async function stillServing() {
  expect(app.alive(), app.log().slice(-2000)).toBe(true);
  expect(web.alive(), web.log().slice(-2000)).toBe(true);
  expect((await fetch(`${app.url}/api/status`)).status).toBe(200);
  expect((await fetch(`${web.url}/404`)).status).toBe(404);
  for (const log of [app.log(), web.log()]) {
    expect(log).not.toMatch(/unhandled rejection|uncaught exception/i);
  }
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);
/** A single-fetch redirect (`.data`) answers 202 with the target in a header or its body. */
const redirectsTo = (answer: Answer, target: RegExp) =>
  ((isRedirect(answer.status) || answer.status === 202) && target.test(answer.location ?? "")) ||
  (answer.status === 202 && target.test(answer.body));

test("every page answers the ids it was given: its own, missing, or another team's", async () => {
  proxy.mode = "pass";
  const own = idsOf(ada);
  const missing: Ids = {
    T: "no-such-team",
    C: "no-such-collection",
    F: "no-such-file",
    U: "x",
    D: "no-such-download",
    L: "no-such-link",
    K: "no-such-link",
  };
  const foreign = idsOf(bob);
  // Ada's team, with Bob's collection and file in it.
  const crossed: Ids = {
    ...own,
    C: bob.collectionId,
    F: bob.fileId,
    U: bob.userId,
    D: bob.downloadId,
    L: bob.linkId,
  };

  await each(
    SIGNED_IN_PAGES,
    own,
    "",
    (answer, label) => {
      expect(answer.status, label).toBeLessThan(400);
    },
    adaCookie,
  );
  for (const ids of [missing, foreign, crossed]) {
    await each(
      [...SIGNED_IN_PAGES, ...PUBLIC_PAGES],
      ids,
      "",
      (answer, label) => {
        expect(answer.status, label).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.status, label).toBe(404);
      },
      adaCookie,
    );
  }
  await stillServing();
});

test("garbage cursors and filters are a page, a redirect or a 4xx, never a 5xx", async () => {
  proxy.mode = "pass";
  for (const ids of [idsOf(ada), idsOf(bob)]) {
    await each(
      [...SIGNED_IN_PAGES, ...PUBLIC_PAGES],
      ids,
      GARBAGE_QUERY,
      (answer, label) => expect(answer.status, label).toBeLessThan(500),
      adaCookie,
    );
  }
  await stillServing();
});

test("a guest, a session signed out elsewhere, and expired tokens all go to sign in, and back", async () => {
  proxy.mode = "pass";
  // Signed in, then signed out from another device: the API no longer takes its token.
  const elsewhere = await signInOnWeb(ada.email);
  const { tokens } = await sessionData(elsewhere);
  await apiAs(null, "/auth/signout", {
    method: "POST",
    body: JSON.stringify({ accessToken: tokens?.accessToken }),
  });
  // An access token past its expiry that the session still believes in (a clock skew, a long
  // sleep): genuine, signed with the API's key, but expired.
  const past = createTokenService({
    signingKey: TOKEN_SIGNING_KEY,
    issuer: app.url,
    now: () => Date.now() - 60 * 60 * 1000,
  });
  const familyId = String(decodeJwt(tokens?.accessToken ?? "").sid);
  const stale = await past.issue(
    {
      user_id: ada.userId,
      username: "ada",
      email: ada.email,
      email_verified: 1,
      nickname: "ada",
      team_id: null,
    } as never,
    familyId,
  );
  const expiredAccess = await mintSession({
    accessToken: stale.AccessToken,
    refreshToken: "not-a-refresh-token",
    expiresAt: Date.now() + 60 * 60 * 1000,
  });
  // Tokens the session knows have expired, with a refresh token the API refuses.
  const refusedRefresh = await mintSession({
    accessToken: stale.AccessToken,
    refreshToken: "not-a-refresh-token",
    expiresAt: Date.now() - 1000,
  });

  const cases: [string, string | undefined][] = [
    ["guest", undefined],
    ["signed out elsewhere", elsewhere],
    ["expired access token", expiredAccess],
    ["refused refresh", refusedRefresh],
  ];
  for (const [name, cookie] of cases) {
    await each(
      SIGNED_IN_PAGES,
      idsOf(ada),
      "",
      async (answer, label, path) => {
        expect(redirectsTo(answer, /^\/auth\/signin/), `${name}: ${label}`).toBe(true);
        // The way back: the page asked for (documents; `.data` keeps the page's own path).
        const back = (await sessionData(answer.setCookie)).redirectTo;
        expect(back, `${name}: ${label}`).toBe(path.replace(/\.data(?=$|\?)/, ""));
        // Nothing of the old session is kept.
        expect((await sessionData(answer.setCookie)).tokens, `${name}: ${label}`).toBeUndefined();
      },
      cookie,
    );
  }
  await stillServing();
});

for (const mode of ["error500", "bare500", "hang", "reset"] as ProxyMode[]) {
  test(`with the API ${mode === "hang" ? "not answering" : mode === "reset" ? "dropping connections" : "answering 500"} (${mode}), pages say the service is unavailable`, async () => {
    proxy.mode = mode;
    try {
      await each(
        [...SIGNED_IN_PAGES, ...PUBLIC_PAGES],
        idsOf(ada),
        "",
        (answer, label) => {
          // A page that needs no API call still works; the others are a 503, never a 500.
          expect([200, 202, 302, 303, 404, 503], label).toContain(answer.status);
          if (answer.status === 503 && !answer.body.startsWith("[")) {
            // The 503 page, or for a resource route (a download link) its line of text.
            expect(answer.body, label).toMatch(/Service unavailable|cannot reach our servers/);
          }
        },
        adaCookie,
      );
    } finally {
      proxy.mode = "pass";
    }
    await stillServing();
    // And once the API is back, so is everything: the session survived.
    expect((await ask(pathFor("/teams/T", idsOf(ada)), adaCookie, false)).status).toBe(200);
  });
}

/** The production build's routes, each with its full path (`teams/:teamId/...`). */
async function buildRoutes() {
  const build = (await import(`${process.cwd()}/build/server/index.js`)) as {
    routes: Record<
      string,
      { path?: string; parentId?: string; index?: boolean; module: { action?: unknown } }
    >;
  };
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    const parent = route?.parentId ? fullPath(route.parentId) : "";
    return [parent, route?.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.entries(build.routes).map(([id, route]) => ({
    path: fullPath(id),
    hasAction: typeof route.module.action === "function",
  }));
}

/** What a phone's browser says it is (Node's own "node" reads as a bot, which is never streamed). */
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

test("a browser that leaves a streaming page halfway is no error in the log", async () => {
  proxy.mode = "pass";
  // The collection answers, so the shell goes out; the rows wait on a list that never comes.
  proxy.hangOnly = /\/collections\/[^/]+\/files\b/;
  try {
    const leaving = new AbortController();
    const response = await fetch(`${web.url}/teams/${ada.teamId}/collections/${ada.collectionId}`, {
      // A browser that has run the page's scripts before: it is sent the page as it streams.
      headers: { Cookie: `${adaCookie}; js=1`, "User-Agent": BROWSER },
      signal: leaving.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let shell = "";
    while (!shell.includes("</main>")) {
      const { value, done } = await reader.read();
      expect(done, "the shell arrives before the rows").toBe(false);
      shell += Buffer.from(value ?? new Uint8Array()).toString("utf8");
    }
    expect(shell).toContain("ada photos");
    const logged = web.log().length;
    leaving.abort();
    // Past the web tier's API timeout (700 ms): the list has failed too, if it was still asked.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = web.log().slice(logged);
    expect(after).not.toMatch(/closed early/);
    expect(after).not.toMatch(/"level":(50|60)/);
  } finally {
    proxy.hangOnly = undefined;
  }
  await stillServing();
});

test("the route table above covers every page route of the build", async () => {
  const routes = await buildRoutes();
  const asked = new Set(
    [...SIGNED_IN_PAGES, ...PUBLIC_PAGES].map((route) =>
      route
        .replace(/\bT\b/, ":teamId")
        .replace(/\bC\b/, ":collectionId")
        .replace(/\bF\b/, ":fileId")
        .replace(/\bU\b/, ":userId")
        .replace(/\bD\b/, ":downloadId")
        .replace(/\bL\b/, ":linkId")
        .replace(/\bK\b/, ":token")
        .replace(/^\//, ""),
    ),
  );
  const actionOnly = new Set([
    "auth/signout",
    "auth/social/:provider",
    "resources/consent",
    "resources/locale",
    "resources/theme",
    "teams/:teamId/collections/:collectionId/upload/start",
    "teams/:teamId/collections/:collectionId/upload/duplicates",
    "d/:token/start",
  ]);
  const missing = routes
    .map((route) => route.path)
    .filter((path) => path && path !== "*" && !asked.has(path) && !actionOnly.has(path));
  expect(missing).toEqual([]);
});

test("garbage posts to every action are a page, a redirect or a 4xx, never a 5xx", async () => {
  // Sessions of their own: a post to sign out ends one, and the tests above keep Ada's.
  const cookies = await Promise.all([signInOnWeb(ada.email), signInOnWeb(ada.email)]);
  const ids = { ...idsOf(ada), provider: "oidc" };
  const actionPaths = (await buildRoutes())
    .filter((route) => route.hasAction)
    .map((route) =>
      `/${route.path}`.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(
          (
            {
              teamId: ids.T,
              collectionId: ids.C,
              fileId: ids.F,
              userId: ids.U,
              downloadId: ids.D,
              linkId: ids.L,
              provider: ids.provider,
            } as Record<string, string>
          )[name] ?? name,
        ),
      ),
    );
  expect(actionPaths.length).toBeGreaterThan(15);
  const requests = fc.sample(webActionRequests(actionPaths, { origin: web.url, cookies }), {
    seed: FUZZ_SEED,
    numRuns: 500,
  });
  const run = await runFuzz(web.url, requests);
  console.info(`web actions fuzz, seed ${FUZZ_SEED}: ${formatCounts(run.counts)}`);
  expect(run.problems).toEqual([]);
  await stillServing();
});
