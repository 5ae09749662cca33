import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { type Instance, startInstance } from "#tests/e2e/support/instances.ts";
import { CONSENT } from "#tests/support/consent.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";

/*
 * Backups of a single-machine installation (docs/operations.md, "Backups"): the backup command
 * of the production build, taken while the server runs and takes uploads, restored into a fresh
 * DATA_DIR by copying, serves the same accounts, sessions, teams and files.
 */

const run = promisify(execFile);
const PASSWORD = "Correct-Horse-9";
const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let smtp: LocalSmtpServer;
const folders: string[] = [];
const instances: Instance[] = [];

test.beforeAll(async () => {
  smtp = await new LocalSmtpServer().start();
});
test.afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await smtp.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(name: string) {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), `raccolta-${name}-`));
  folders.push(made);
  return made;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

test("a backup taken while the server works restores into a fresh DATA_DIR with everything in it", async () => {
  test.setTimeout(120_000);
  const dataDir = folder("data");
  const server = await startInstance({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
  instances.push(server);
  const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  // An account, a team, a collection and two files.
  const email = `kept.${randomBytes(4).toString("hex")}@example.com`;
  const signedUp = await json<{ username: string }>(
    await post("/api/auth/signup", {
      email,
      password: PASSWORD,
      nickname: "Grace",
      locale: "en",
      ...CONSENT,
    }),
  );
  const code = new URL((await smtp.waitForMail(email)).links[0] ?? "").searchParams.get("code");
  expect(
    (await post("/api/auth/verify-email", { email, username: signedUp.username, code })).status,
  ).toBe(200);
  const signIn = async (url: string) =>
    (
      await json<{ result: { AccessToken: string } }>(
        await fetch(`${url}/api/auth/signin`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      )
    ).result.AccessToken;
  const auth = { Authorization: `Bearer ${await signIn(server.url)}` };
  const { teamId } = await json<{ teamId: string }>(
    await post("/api/teams", { name: "Archive" }, auth),
  );
  const { collectionId } = await json<{ collectionId: string }>(
    await post(`/api/teams/${teamId}/collections`, { name: "Kept" }, auth),
  );
  const base = `/api/teams/${teamId}/collections/${collectionId}`;
  const upload = async (name: string, bytes: Buffer, contentType: string) => {
    const created = await json<{ fileId: string; uploadUrl: string }>(
      await post(`${base}/files`, { name, contentType, size: bytes.length }, auth),
    );
    const put = await fetch(created.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": contentType },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    return created.fileId;
  };
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const notes = Buffer.from("Keep this.\n".repeat(5000));
  const kept = {
    [await upload("harbour.jpg", photo, "image/jpeg")]: photo,
    [await upload("notes.txt", notes, "text/plain")]: notes,
  };
  const fileOf = async (url: string, headers: Record<string, string>, fileId: string) =>
    json<{ status: string; name: string }>(
      await fetch(`${url}${base}/files/${fileId}`, { headers }),
    );
  for (const fileId of Object.keys(kept)) {
    await expect.poll(async () => (await fileOf(server.url, auth, fileId)).status).toBe("ready");
  }
  // A page's session cookie, from the web tier's sign-in form.
  const form = await fetch(`${server.url}/auth/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ intent: "sign-in", identifier: email, password: PASSWORD }),
  });
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("session="));
  expect(cookie).toBeDefined();

  // The backup, while uploads go on.
  let writing = true;
  // Settles with how many went in, or with what failed: never a rejection nobody awaits yet.
  const writes = (async () => {
    let count = 0;
    while (writing)
      await upload(`later-${count++}.txt`, Buffer.from(`later ${count}\n`), "text/plain");
    return count;
  })().catch((error: unknown) => `uploads during the backup failed: ${error}`);
  const backup = folder("backup");
  const { stdout } = await run(process.execPath, [path.resolve("build/host/backup.js"), backup], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
  });
  writing = false;
  const written = await writes;
  expect(typeof written === "number" && written > 0, String(written)).toBe(true);
  expect(stdout).toMatch(
    /^Backed up .* the database, \d+ uploads, \d+ blobs \(\d+ bytes\) and 3 secrets$/m,
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(backup, "backup.json"), "utf8"));
  expect(manifest).toMatchObject({
    database: "app.db",
    secrets: ["session-secret", "token-signing-key", "web-tier-key"],
  });
  // Nothing in it that anyone but the server's user may read.
  expect(fs.statSync(path.join(backup, "app.db")).mode & 0o077).toBe(0);

  // A second backup into the same folder is refused: nothing is mixed or overwritten.
  const again = await run(process.execPath, [path.resolve("build/host/backup.js"), backup], {
    env: { ...process.env, DATA_DIR: dataDir },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining("is not empty") });

  // The machine is lost; the backup is copied into a fresh DATA_DIR on another.
  await server.stop();
  // With docs/operations.md's command, into an empty DATA_DIR that keeps its own mode (a volume
  // or a folder made for the server), which `cp -a backup/. data/` would change to the backup folder's.
  const restored = folder("restored");
  fs.chmodSync(restored, 0o750);
  await run("sh", ["-c", 'cp -R --preserve=mode,timestamps "$0"/* "$1"/', backup, restored]);
  expect(fs.statSync(restored).mode & 0o777).toBe(0o750);
  expect(fs.statSync(path.join(restored, "app.db")).mode & 0o077).toBe(0);
  // At the same public address: tokens name it as their issuer.
  const second = await startInstance(
    { DATA_DIR: restored, SMTP_URL: smtp.url },
    Number(new URL(server.url).port),
  );
  instances.push(second);

  // The same password signs in; the old access token and session cookie still work.
  expect((await fetch(`${second.url}/api/users/@me`, { headers: auth })).status).toBe(200);
  const page = await fetch(`${second.url}/teams/${teamId}`, {
    headers: { Cookie: cookie ?? "" },
    redirect: "manual",
  });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Kept");
  const again2 = { Authorization: `Bearer ${await signIn(second.url)}` };
  const teams = await json<{ teams: { teamId: string; teamName: string }[] }>(
    await fetch(`${second.url}/api/teams`, { headers: again2 }),
  );
  expect(teams.teams.map((team) => team.teamName)).toEqual(["Archive"]);
  for (const [fileId, bytes] of Object.entries(kept)) {
    expect(await fileOf(second.url, again2, fileId)).toMatchObject({ status: "ready" });
    for (const variant of ["original", "thumbnail"]) {
      if (variant === "thumbnail" && bytes === notes) continue;
      const link = await json<{ signedUrl: string }>(
        await fetch(`${second.url}${base}/files/${fileId}/content?variant=${variant}`, {
          headers: again2,
        }),
      );
      const content = await fetch(new URL(link.signedUrl, second.url));
      expect(content.status).toBe(200);
      const body = new Uint8Array(await content.arrayBuffer());
      if (variant === "original") expect(sha256(body)).toBe(sha256(bytes));
      else expect(body.length).toBeGreaterThan(0);
    }
  }
  // Files whose bytes had all arrived when the backup was taken are processed after the
  // restore: none stays half-done.
  const listed = async () =>
    (
      await json<{ files: { status: string }[] }>(
        await fetch(`${second.url}${base}/files?limit=100`, { headers: again2 }),
      )
    ).files.map((file) => file.status);
  await expect
    .poll(async () => (await listed()).filter((status) => status !== "ready"), { timeout: 30_000 })
    .toEqual([]);
  expect((await listed()).length).toBeGreaterThanOrEqual(2);
});
