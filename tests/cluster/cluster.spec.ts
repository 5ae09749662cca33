import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { startInstance } from "#tests/e2e/support/instances.ts";
import { CONSENT } from "#tests/support/consent.ts";
import { type Cluster, type Member, ready, startCluster } from "./support/cluster.ts";

/*
 * Scale-out, proven (ADR 037): the documented cluster (docs/operations.md, "A cluster behind
 * nginx") from the production build, two web and two API instances on one PostgreSQL database
 * and one S3 bucket behind Debian's nginx with TLS. The tests run in order on one cluster; some
 * stop, kill and restart its instances.
 */

test.describe.configure({ mode: "serial" });

let cluster: Cluster;
const PASSWORD = "Correct-Horse-9";
// nginx's certificate is self-signed: this process's own requests accept it, as the browser does.
const insecure = new https.Agent({ rejectUnauthorized: false });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.close();
});

/** A request through nginx, as a client on the internet makes it. */
function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const request = https.request(
        `${cluster.url}${path}`,
        { method: init.method ?? "GET", headers: init.headers, agent: insecure },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers as Record<string, string>,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(init.body);
    },
  );
}

async function callJson<T = Record<string, unknown>>(
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
  method = "POST",
) {
  const answer = await call(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(json),
  });
  return { status: answer.status, json: JSON.parse(answer.body.toString() || "null") as T };
}

interface Tokens {
  AccessToken: string;
  RefreshToken: string;
}

/** A confirmed account, made through the cluster's API and mail. */
async function confirmedUser(prefix: string) {
  const email = `${prefix}.${randomBytes(4).toString("hex")}@example.com`;
  const created = await callJson<{ username: string }>("/api/auth/signup", {
    email,
    password: PASSWORD,
    nickname: "Ada Lovelace",
    locale: "en",
    ...CONSENT,
  });
  expect(created.status).toBe(201);
  const mail = await cluster.smtp.waitForMail(email);
  const code = new URL(mail.links[0] ?? "http://x").searchParams.get("code");
  const verified = await callJson("/api/auth/verify-email", {
    email,
    username: created.json.username,
    code,
  });
  expect(verified.status).toBe(200);
  return { email, password: PASSWORD };
}

async function tokensOf(email: string) {
  const answer = await callJson<{ result: Tokens }>("/api/auth/signin", {
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(200);
  return answer.json.result;
}

const bearer = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.AccessToken}` });

/** Which instances nginx sent the matching requests to (its access log's upstream). */
function upstreamsOf(match: (request: string) => boolean, members: Member[]) {
  const ports = new Map(members.map((member) => [`127.0.0.1:${member.port}`, member.name]));
  const served = new Set<string>();
  for (const line of cluster.accessLog()) {
    if (!match(line.request)) continue;
    // A retried request lists every upstream it tried: "a, b".
    for (const upstream of line.upstream.split(", ")) {
      const name = ports.get(upstream);
      if (name) served.add(name);
    }
  }
  return [...served].sort();
}

async function waitUntilReady(member: Member) {
  const path = member.role === "api" ? "/api/status/ready" : "/health";
  await expect.poll(() => ready(`${member.url}${path}`), { timeout: 30_000 }).toBe(true);
}

test("migrations: four API instances started at the same moment apply each migration once", async () => {
  // The cluster's two API instances, and two more that stop afterwards, all at once on an empty
  // database.
  // The two extra ones are left without PUBLIC_URL, as an operator might forget it.
  const extra = () => ({
    ROLE: "api",
    DATABASE_URL: cluster.databaseUrl,
    LOG_LEVEL: "info",
    PUBLIC_URL: undefined,
  });
  const [first, second, third, fourth] = await Promise.all([
    cluster.start(cluster.api[0] as Member),
    cluster.start(cluster.api[1] as Member),
    startInstance(extra()),
    startInstance(extra()),
  ]);
  const applied = [first, second, third, fourth].map((instance) => {
    const line = instance
      ?.log()
      .split("\n")
      .find((text) => text.includes('"database ready"'));
    return (JSON.parse(line ?? "{}") as { applied?: string[] }).applied ?? [];
  });
  const all = applied.flat().sort();
  expect(all.length).toBeGreaterThan(0);
  expect(new Set(all).size).toBe(all.length); // none twice
  const { rows } = await cluster.db.query<{ name: string }>(
    "SELECT name FROM kysely_migration ORDER BY name",
  );
  expect(rows.map((row) => row.name)).toEqual(all);
  // Started without PUBLIC_URL beside others on one database, an instance says what goes wrong.
  expect(third?.log()).toContain("PUBLIC_URL is not set on an instance with DATABASE_URL");
  expect(first?.log()).not.toContain("PUBLIC_URL is not set");
  await Promise.all([third?.stop(), fourth?.stop()]);

  await Promise.all(cluster.web.map((member) => cluster.start(member)));
  for (const member of [...cluster.api, ...cluster.web]) await waitUntilReady(member);
  expect((await call("/api/status/ready")).status).toBe(200);
});

async function signInInBrowser(page: Page, email: string) {
  await page.goto(`${cluster.url}/auth/signin`);
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/teams$/);
}

test("sessions: signed in on one instance, the others serve the same session until sign-out", async ({
  page,
}) => {
  const user = await confirmedUser("roaming");
  await signInInBrowser(page, user.email);
  const pages = (request: string) => /^GET \/(teams|profile) /.test(request);
  for (let visit = 0; visit < 6; visit++) {
    await page.goto(`${cluster.url}/${visit % 2 ? "profile" : "teams"}`);
    await expect(page).not.toHaveURL(/signin/);
    await expect(page.getByLabel("Account menu")).toBeVisible();
    // nginx takes turns between the web instances for every request, a page's scripts and data
    // included: visits that each make an even number of them land every page on one instance.
    // While only one has served a page, one request of the test's own moves the turn along.
    if (upstreamsOf(pages, cluster.web).length < 2) {
      expect((await page.request.get(`${cluster.url}/favicon.svg`)).ok()).toBe(true);
    }
  }
  // Both web instances served pages, and both API instances answered the web tier's calls.
  expect(upstreamsOf(pages, cluster.web)).toEqual(["web-1", "web-2"]);
  expect(upstreamsOf((request) => request.startsWith("GET /api/"), cluster.api)).toEqual([
    "api-1",
    "api-2",
  ]);
  // nginx's request id for a page is in the log line of the web instance that drew it and of
  // the API instance that answered its calls: one id from the proxy to the API.
  const pageLine = cluster.accessLog().findLast((line) => line.request.startsWith("GET /profile "));
  const requestId = pageLine?.requestId ?? "none";
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  const loggedBy = (members: Member[]) =>
    members.filter((member) =>
      cluster.logLines(member).some((line) => line.requestId === requestId),
    ).length;
  await expect.poll(() => loggedBy(cluster.web)).toBe(1);
  await expect.poll(() => loggedBy(cluster.api)).toBeGreaterThanOrEqual(1);

  await page.getByLabel("Account menu").click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  for (let visit = 0; visit < 4; visit++) {
    await page.goto(`${cluster.url}/teams`);
    await expect(page).toHaveURL(/\/auth\/signin/);
  }
});

test("refresh: two instances refreshing one session at the same moment both keep it", async () => {
  const user = await confirmedUser("racing");
  const tokens = await tokensOf(user.email);
  // The same refresh token at both API instances at once, as two tabs would through nginx.
  const answers = await Promise.all(
    cluster.api.map((member) =>
      fetch(`${member.url}/api/auth/refresh`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refreshToken: tokens.RefreshToken }),
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const results = (await Promise.all(answers.map((answer) => answer.json()))) as {
    result: Tokens;
  }[];
  // Each new access token works on either instance.
  for (const { result } of results) {
    for (const member of cluster.api) {
      const me = await fetch(`${member.url}/api/users/@me`, { headers: bearer(result) });
      expect(me.status).toBe(200);
    }
  }
});

test("rate limits: the tries on one account are counted across instances", async () => {
  const user = await confirmedUser("guessed");
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    const answer = await callJson("/api/auth/signin", {
      email: user.email,
      password: "Wrong-Horse-9",
    });
    statuses.push(answer.status);
  }
  // Ten wrong passwords are told so; then the account is closed to this address, right password
  // or not, whichever instance answers.
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await callJson<{ errorCode: string }>("/api/auth/signin", {
      email: user.email,
      password: PASSWORD,
    });
    expect(answer.status).toBe(429);
    expect(answer.json.errorCode).toBe("tooManyRequests");
  }
  expect(
    upstreamsOf((request) => request.startsWith("POST /api/auth/signin"), cluster.api),
  ).toEqual(["api-1", "api-2"]);
});

/** A team and a collection in it, owned by `tokens`' user, through nginx. */
async function teamWithCollection(tokens: Tokens) {
  const team = await callJson<{ teamId: string }>(
    "/api/teams",
    { name: `Site ${randomBytes(3).toString("hex")}` },
    bearer(tokens),
  );
  expect(team.status).toBe(201);
  const collection = await callJson<{ collectionId: string }>(
    `/api/teams/${team.json.teamId}/collections`,
    { name: "Photos" },
    bearer(tokens),
  );
  expect(collection.status).toBe(201);
  const base = `/api/teams/${team.json.teamId}/collections/${collection.json.collectionId}`;
  return { teamId: team.json.teamId, base };
}

/** Text that passes the sniff as text/plain. */
function text(bytes: number) {
  const alphabet = "abcdefghijklmnopqrstuvwxyz \n";
  return Buffer.from(randomBytes(bytes).map((byte) => alphabet.charCodeAt(byte % alphabet.length)));
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * The members nginx has a request open to now: its processes' sockets (found through /proc)
 * connected to a member's port. The test's own idle keep-alive connections don't count.
 */
function servingThroughNginx(members: Member[]) {
  const nginxSockets = new Set<string>();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "nginx") continue;
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) nginxSockets.add(inode);
      }
    } catch {
      // A process that ended while being read.
    }
  }
  const remotePorts = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [remote, state, inode] = [fields[2], fields[3], fields[9]];
      if (state === "01" && remote && inode && nginxSockets.has(inode)) {
        remotePorts.add(Number.parseInt(remote.split(":")[1] ?? "", 16));
      }
    }
  }
  return members.filter((member) => remotePorts.has(member.port));
}

/** The member whose log has a request for `pathname`: its host logs it as the answer begins. */
function answeredBy(members: Member[], pathname: string) {
  return members.find((member) =>
    cluster.logLines(member).some((line) => line.msg === "request" && line.path === pathname),
  );
}

/** The file's bytes, through its signed link. */
async function downloaded(base: string, fileId: string, tokens: Tokens) {
  const link = await call(`${base}/files/${fileId}/content`, { headers: bearer(tokens) });
  expect(link.status).toBe(200);
  const { signedUrl } = JSON.parse(link.body.toString()) as { signedUrl: string };
  // Files live in the bucket: the link is the bucket's own, signed.
  const answer = await fetch(signedUrl);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

async function fileStatus(base: string, fileId: string, tokens: Tokens) {
  const answer = await call(`${base}/files/${fileId}`, { headers: bearer(tokens) });
  return answer.status === 200
    ? (JSON.parse(answer.body.toString()) as { status: string }).status
    : `http ${answer.status}`;
}

test("uploads: an upload whose instance is killed halfway resumes through the other and completes", async () => {
  const user = await confirmedUser("uploader");
  const tokens = await tokensOf(user.email);
  const { base } = await teamWithCollection(tokens);
  const bytes = text(12 * 1024 * 1024 + 777);
  const created = await callJson<{ fileId: string; uploadUrl: string }>(
    `${base}/files`,
    { name: "survey-notes.txt", contentType: "text/plain", size: bytes.length },
    bearer(tokens),
  );
  expect(created.status).toBe(201);
  const { fileId, uploadUrl } = created.json;
  expect(uploadUrl.startsWith(cluster.url)).toBe(true);
  const uploadPath = uploadUrl.slice(cluster.url.length);

  // One PATCH, sent slowly through nginx, as a phone on a poor network sends it.
  const patch = https.request(uploadUrl, {
    method: "PATCH",
    agent: insecure,
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
  });
  const cut = new Promise<string>((resolve) => {
    patch.on("response", (response) => {
      response.resume();
      resolve(`answered ${response.statusCode}`);
    });
    patch.on("error", (error) => resolve(`failed: ${error.message}`));
  });
  const chunk = 256 * 1024;
  let sent = 0;
  while (sent < 9 * 1024 * 1024) {
    patch.write(bytes.subarray(sent, sent + chunk));
    sent += chunk;
    await sleep(10);
  }
  // Whichever instance nginx gave it to dies at once, mid-request.
  await expect.poll(() => servingThroughNginx(cluster.api).length).toBe(1);
  const [receiving] = servingThroughNginx(cluster.api);
  const surviving = cluster.api.find((member) => member !== receiving) as Member;
  await cluster.kill(receiving as Member);
  const outcome = await cut;
  expect(outcome).not.toBe("answered 204");
  patch.destroy();

  // Half-uploaded, it is listed nowhere.
  const listed = await call(`${base}/files`, { headers: bearer(tokens) });
  expect(listed.status).toBe(200);
  expect(listed.body.toString()).not.toContain(fileId);

  // The client asks where to resume, through nginx, and sends the rest.
  const head = await call(uploadPath, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
  expect(head.status).toBe(200);
  const offset = Number(head.headers["upload-offset"]);
  expect(offset).toBeLessThanOrEqual(sent);
  const rest = await call(uploadPath, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    },
    body: bytes.subarray(offset),
  });
  expect(rest.status).toBe(204);
  await expect.poll(() => fileStatus(base, fileId, tokens), { timeout: 30_000 }).toBe("ready");
  expect(sha256(await downloaded(base, fileId, tokens))).toBe(sha256(bytes));
  // Both tries' requests are in nginx's log, the resumed ones on the survivor.
  const patches = cluster
    .accessLog()
    .filter((line) => line.request.startsWith(`PATCH ${uploadPath.split("?")[0]}`));
  expect(patches.at(-1)?.status).toBe(204);
  expect(patches.at(-1)?.upstream).toBe(`127.0.0.1:${surviving.port}`);

  await cluster.start(receiving as Member);
  await waitUntilReady(receiving as Member);
});

/** A counter's value in a member's metrics, 0 when absent. */
async function counter(member: Member, series: string) {
  const text = await (await fetch(member.metricsUrl)).text();
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return Number(line?.split(" ")[1] ?? 0);
}

/** Sends a file straight to one API instance (past nginx): the simple upload, POST then PUT. */
async function uploadTo(
  member: Member,
  base: string,
  tokens: Tokens,
  name: string,
  bytes: Buffer,
  contentType: string,
) {
  const created = await fetch(`${member.url}${base}/files`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(tokens) },
    body: JSON.stringify({ name, contentType, size: bytes.length }),
  });
  expect(created.status).toBe(201);
  const { fileId, uploadUrl } = (await created.json()) as { fileId: string; uploadUrl: string };
  const sent = await fetch(uploadUrl.replace(cluster.url, member.url), {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(200);
  return fileId;
}

test("jobs: a file whose processing instance dies is processed by the other, once", async () => {
  const user = await confirmedUser("processed");
  const tokens = await tokensOf(user.email);
  const { base } = await teamWithCollection(tokens);
  const [first, second] = cluster.api as [Member, Member];
  // A 24-megapixel photo takes its instance a moment to process.
  const photo = await sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const doneBefore = await counter(
    second,
    'jobs_finished_total{kind="processFile",outcome="done"}',
  );

  // Only the first instance's worker runs while the file arrives: the second is paused.
  second.instance?.child.kill("SIGSTOP");
  let fileId = "";
  try {
    fileId = await uploadTo(first, base, tokens, "crane.jpg", photo, "image/jpeg");
    // The moment the first instance has claimed the job, it dies.
    const claimed = async () =>
      (
        await cluster.db.query<{ locked_until: string | null }>(
          "SELECT locked_until FROM jobs WHERE kind = 'processFile' AND payload LIKE $1",
          [`%${fileId}%`],
        )
      ).rows[0]?.locked_until ?? null;
    await expect.poll(claimed, { intervals: [10] }).not.toBeNull();
    await cluster.kill(first);
    // It died mid-job: the job is still there, claimed by a worker that is gone.
    expect(await claimed()).not.toBeNull();
  } finally {
    second.instance?.child.kill("SIGCONT");
  }

  // Once the dead worker's claim runs out (JOB_LOCK_MS, 5 s here), the second takes it over.
  await expect
    .poll(
      async () =>
        (
          await fetch(`${second.url}${base}/files/${fileId}`, { headers: bearer(tokens) }).then(
            (r) => r.json(),
          )
        ).status,
      {
        timeout: 60_000,
      },
    )
    .toBe("ready");
  // The file is ready inside the job; the queue removes the job and counts it a moment after.
  const jobsLeft = async () =>
    (
      await cluster.db.query(
        "SELECT job_id FROM jobs WHERE kind = 'processFile' AND payload LIKE $1",
        [`%${fileId}%`],
      )
    ).rows;
  await expect.poll(jobsLeft).toEqual([]);
  await expect
    .poll(() => counter(second, 'jobs_finished_total{kind="processFile",outcome="done"}'))
    .toBe(doneBefore + 1);
  // The thumbnail the second instance made is there.
  const thumbnail = await fetch(`${second.url}${base}/files/${fileId}/content?variant=thumbnail`, {
    headers: bearer(tokens),
  });
  expect(thumbnail.status).toBe(200);

  await cluster.start(first);
  await waitUntilReady(first);
});

/** The web tier's session cookie, from its sign-in form posted as a browser without JavaScript. */
async function sessionCookie(email: string) {
  const answer = await call("/auth/signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cluster.url },
    body: new URLSearchParams({
      intent: "sign-in",
      identifier: email,
      password: PASSWORD,
    }).toString(),
  });
  expect(answer.status).toBe(303);
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const session = cookies
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("session="));
  if (!session) throw new Error(`no session cookie in ${cookies.join(" | ")}`);
  return session;
}

/** The simple upload through nginx: POST for the address, then PUT the bytes to it. */
async function uploadThroughNginx(base: string, tokens: Tokens, name: string, bytes: Buffer) {
  const created = await callJson<{ fileId: string; uploadUrl: string }>(
    `${base}/files`,
    { name, contentType: "text/plain", size: bytes.length },
    bearer(tokens),
  );
  if (created.status !== 201) throw new Error(`upload refused: ${created.status}`);
  const sent = await call(created.json.uploadUrl.slice(cluster.url.length), {
    method: "PUT",
    headers: { "Content-Type": "text/plain" },
    body: bytes,
  });
  if (sent.status !== 200) throw new Error(`PUT answered ${sent.status}: ${sent.body}`);
  return created.json.fileId;
}

test("rolling restart: each instance stopped and started in turn under load loses no request", async () => {
  test.setTimeout(240_000);
  const user = await confirmedUser("steady");
  const tokens = await tokensOf(user.email);
  const cookie = await sessionCookie(user.email);
  const { base, teamId } = await teamWithCollection(tokens);

  const logBefore = cluster.accessLog().length;
  let running = true;
  const failures: string[] = [];
  const counts = { pages: 0, lists: 0, uploads: 0 };
  const uploaded: string[] = [];
  const loop = async (kind: keyof typeof counts, work: () => Promise<void>) => {
    while (running) {
      try {
        await work();
        counts[kind] += 1;
      } catch (error) {
        failures.push(`${kind}: ${(error as Error).message}`);
      }
    }
  };
  const expectStatus = async (
    answer: Promise<{ status: number; headers: Record<string, string> }>,
    wanted: number,
    what: string,
  ) => {
    const { status, headers } = await answer;
    if (status !== wanted) throw new Error(`${what} answered ${status} ${headers.location ?? ""}`);
  };
  const load = [
    loop("pages", () =>
      // The team's home: its collections, drawn by a web instance from an API instance's answers.
      expectStatus(call(`/teams/${teamId}`, { headers: { Cookie: cookie } }), 200, "team page"),
    ),
    loop("pages", () =>
      expectStatus(call("/profile", { headers: { Cookie: cookie } }), 200, "/profile"),
    ),
    loop("lists", () =>
      expectStatus(call(`${base}/files`, { headers: bearer(tokens) }), 200, "files"),
    ),
    loop("uploads", async () => {
      uploaded.push(
        await uploadThroughNginx(base, tokens, `note-${counts.uploads}.txt`, text(200_000)),
      );
    }),
  ];

  for (const member of [...cluster.api, ...cluster.web]) {
    await sleep(1000);
    expect(await cluster.stop(member), `${member.name} exits cleanly`).toBe(0);
    await cluster.start(member);
    await waitUntilReady(member);
    // nginx takes a server it could not reach back after fail_timeout (10 s): only then is the
    // next one stopped, as an operator's rolling restart waits for the balancer.
    await sleep(10_500);
  }
  running = false;
  await Promise.all(load);

  console.log(
    `rolling restart under load: ${JSON.stringify(counts)} answered, ${failures.length} failed`,
  );
  expect([...new Set(failures)]).toEqual([]);
  expect(counts.pages).toBeGreaterThan(20);
  expect(counts.lists).toBeGreaterThan(20);
  expect(counts.uploads).toBeGreaterThan(10);
  // Every upload that was answered is there, and becomes ready.
  for (const fileId of uploaded) {
    await expect.poll(() => fileStatus(base, fileId, tokens), { timeout: 30_000 }).toBe("ready");
  }
  // nginx skipped the stopped instances, and sent nothing to a stopping one that it lost.
  const lost = cluster
    .accessLog()
    .slice(logBefore)
    .filter((line) => line.status >= 500);
  expect(lost).toEqual([]);
});

test("SIGTERM: an API instance stopped mid-download finishes sending the zip, then exits", async () => {
  const user = await confirmedUser("fetcher");
  const tokens = await tokensOf(user.email);
  const { base, teamId } = await teamWithCollection(tokens);
  const files = [text(6_000_000), text(6_000_000), text(6_000_000)];
  const ids = [];
  for (const [index, bytes] of files.entries()) {
    ids.push(await uploadThroughNginx(base, tokens, `part-${index}.txt`, bytes));
  }
  for (const fileId of ids) {
    await expect.poll(() => fileStatus(base, fileId, tokens), { timeout: 30_000 }).toBe("ready");
  }
  const collectionId = base.split("/").at(-1) ?? "";
  const requested = await callJson<{ requestId: string }>(
    `/api/teams/${teamId}/downloads`,
    { collectionId },
    bearer(tokens),
  );
  expect(requested.status).toBe(201);
  const link = await call(`/api/teams/${teamId}/downloads/${requested.json.requestId}/download`, {
    headers: bearer(tokens),
  });
  expect(link.status).toBe(200);
  const { url } = JSON.parse(link.body.toString()) as { url: string };
  const downloadPath = new URL(url, cluster.url).pathname;

  // Read at about 4 MB/s, as a slow connection does, and stop the instance sending it early on.
  const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-cluster-")), "photos.zip");
  let stopped: Promise<number | null> | undefined;
  let stoppedMember: Member | undefined;
  const received = await new Promise<{ bytes: number; length: number }>((resolve, reject) => {
    https
      .get(`${cluster.url}${url}`, { agent: insecure }, (response) => {
        expect(response.statusCode).toBe(200);
        const length = Number(response.headers["content-length"]);
        const out = fs.createWriteStream(zip);
        const started = Date.now();
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          out.write(chunk);
          if (!stopped && bytes > 2_000_000) {
            // The instance nginx is reading the zip from; failing that (the sockets' buffers may
            // already hold the rest of it), the one whose log has the download's request.
            stoppedMember =
              servingThroughNginx(cluster.api)[0] ?? answeredBy(cluster.api, downloadPath);
            if (stoppedMember) stopped = cluster.stop(stoppedMember);
          }
          const due = (bytes / 4_000_000) * 1000 - (Date.now() - started);
          if (due > 0) {
            response.pause();
            setTimeout(() => response.resume(), due);
          }
        });
        response.on("end", () => out.end(() => resolve({ bytes, length })));
        response.on("error", reject);
      })
      .on("error", reject);
  });
  expect(stoppedMember, "the instance sending the zip was found and stopped").toBeDefined();
  expect(received.bytes).toBe(received.length);
  // The whole archive, every entry intact (Info-ZIP checks each CRC).
  const listing = execFileSync("unzip", ["-t", zip], { encoding: "utf8" });
  expect(listing).toContain("No errors detected");
  expect(await stopped).toBe(0);
  await cluster.start(stoppedMember as Member);
  await waitUntilReady(stoppedMember as Member);
});

test("backups on PostgreSQL: a pg_dump restored into a fresh database serves the same teams and files", async () => {
  const user = await confirmedUser("restored");
  const tokens = await tokensOf(user.email);
  const { base, teamId } = await teamWithCollection(tokens);
  const bytes = text(300_000);
  const fileId = await uploadThroughNginx(base, tokens, "ledger.txt", bytes);
  await expect.poll(() => fileStatus(base, fileId, tokens), { timeout: 30_000 }).toBe("ready");

  // The procedure of docs/operations.md ("Backups"), while the cluster runs.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-pg-backup-"));
  const dump = path.join(folder, "raccolta.dump");
  execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, cluster.databaseUrl]);
  const restoredName = `raccolta_restored_${randomBytes(4).toString("hex")}`;
  await cluster.db.query(`CREATE DATABASE ${restoredName}`);
  const restoredUrl = new URL(cluster.databaseUrl);
  restoredUrl.pathname = `/${restoredName}`;
  execFileSync("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    `--dbname=${restoredUrl.href}`,
    dump,
  ]);

  // A new installation on the restored database and the same bucket, at the same public address.
  const restored = await startInstance({
    ...cluster.apiEnv(),
    ROLE: "all",
    DATABASE_URL: restoredUrl.href,
    METRICS_PORT: undefined,
  });
  try {
    const signIn = await fetch(`${restored.url}/api/auth/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { result } = (await signIn.json()) as { result: Tokens };
    const teams = (await (
      await fetch(`${restored.url}/api/teams`, { headers: bearer(result) })
    ).json()) as { teams: { teamId: string }[] };
    expect(teams.teams.map((team) => team.teamId)).toEqual([teamId]);
    const link = (await (
      await fetch(`${restored.url}${base}/files/${fileId}/content`, { headers: bearer(result) })
    ).json()) as { signedUrl: string };
    expect(sha256(Buffer.from(await (await fetch(link.signedUrl)).arrayBuffer()))).toBe(
      sha256(bytes),
    );
  } finally {
    await restored.stop();
    await cluster.db.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
