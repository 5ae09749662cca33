import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT } from "#tests/support/consent.ts";
import { newEmail, PASSWORD } from "./support/accounts.ts";

// The host (server.ts) on a DATA_DIR it creates itself: everything it writes there, the folder
// included, is the server's user's alone (ADR 022). It runs from the sources through tsx, as the
// API only (no build needed), on the embedded defaults: SQLite, mail written to DATA_DIR/mail.

const root = path.resolve(import.meta.dirname, "../..");
let parent: string;
let dataDir: string;
let child: ChildProcess;
let exited: Promise<number | null>;
let url: string;

beforeAll(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-host-"));
  dataDir = path.join(parent, "data");
  child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    // Only what this test means: no DATABASE_URL, SMTP_URL or S3_BUCKET from the outside.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      ROLE: "api",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  exited = new Promise((resolve) => child.on("exit", resolve));
  let output = "";
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`the host exited with ${code}:\n${output}`)));
  });
  url = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill("SIGTERM");
  await exited;
  await fs.rm(parent, { recursive: true, force: true });
});

/** Every file and folder under `dir` (itself included, as "."), with its permission bits. */
async function modesUnder(dir: string): Promise<Record<string, string>> {
  const mode = async (file: string) => ((await fs.stat(file)).mode & 0o777).toString(8);
  const modes: Record<string, string> = { ".": await mode(dir) };
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(dir, full)] = await mode(full);
  }
  return modes;
}

describe("the host's DATA_DIR", () => {
  it("runs with umask 077, so what a library creates without a mode is private too", async (context) => {
    const status = await fs.readFile(`/proc/${child.pid}/status`, "utf8").catch(() => null);
    const umask = status && /^Umask:\s*(\d+)$/m.exec(status)?.[1];
    // Linux reports it in /proc; elsewhere the files' modes below are the whole check.
    if (!umask) context.skip();
    expect(umask).toBe("0077");
  });

  it("holds only files 0600 and folders 0700: secrets, database, uploads and mail", async () => {
    // A sign-up, so a mail is written to DATA_DIR/mail.
    const signUp = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: newEmail(),
        password: PASSWORD,
        nickname: "Ada",
        locale: "en",
        ...CONSENT,
      }),
    });
    expect(signUp.status).toBe(201);
    const mail = path.join(dataDir, "mail");
    await expect
      .poll(async () => (await fs.readdir(mail).catch(() => [])).length, { timeout: 10_000 })
      .toBe(1);

    const modes = await modesUnder(dataDir);
    const [message] = await fs.readdir(mail);
    expect(modes).toEqual({
      ".": "700",
      "app.db": "600",
      "app.db-shm": "600",
      "app.db-wal": "600",
      mail: "700",
      [`mail/${message}`]: "600",
      secrets: "700",
      "secrets/session-secret": "600",
      "secrets/token-signing-key": "600",
      "secrets/web-tier-key": "600",
      uploads: "700",
    });
  });
});
