import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Instance, startInstance } from "#tests/e2e/support/instances.ts";
import { CONSENT } from "#tests/support/consent.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";

/*
 * A DATA_DIR on a full disk (ADR 037): a 48 MiB tmpfs holds the production build's data. Once
 * it is nearly full, uploads are refused with a clear error before a byte is sent; one that
 * fills it while arriving is refused too; what is stored stays intact; and the server takes
 * uploads again once there is room. Mounting needs root (as CI runs): elsewhere this skips.
 */

const PASSWORD = "Correct-Horse-9";
const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let mountPoint = "";
let smtp: LocalSmtpServer | undefined;
let server: Instance | undefined;

function mountSmallDisk() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m,mode=0700", "tmpfs", folder], {
      stdio: "pipe",
    });
    return folder;
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${(error as Error).message.split("\n")[0]})`;
  }
}

test.beforeAll(async () => {
  smtp = await new LocalSmtpServer().start();
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (mountPoint) {
    execFileSync("umount", [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
});

/** Fills the disk until `leave` bytes are free for the server; answers the filler's path. */
function fill(leave: number) {
  const filler = path.join(mountPoint, `filler-${randomBytes(3).toString("hex")}`);
  const disk = fs.statfsSync(mountPoint);
  const size = disk.bavail * disk.bsize - leave;
  if (size > 0) fs.writeFileSync(filler, Buffer.alloc(size));
  return filler;
}

test("a full disk refuses uploads clearly, harms nothing stored, and recovers when space returns", async () => {
  const mounted = mountSmallDisk();
  test.skip(!mounted.startsWith("/"), mounted);
  mountPoint = mounted;
  const dataDir = path.join(mountPoint, "data");
  server = await startInstance({ DATA_DIR: dataDir, SMTP_URL: smtp?.url });
  const url = server.url;
  const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const email = `full.${randomBytes(4).toString("hex")}@example.com`;
  const { username } = (await (
    await post("/api/auth/signup", {
      email,
      password: PASSWORD,
      nickname: "Ada",
      locale: "en",
      ...CONSENT,
    })
  ).json()) as { username: string };
  const code = new URL((await smtp?.waitForMail(email))?.links[0] ?? "").searchParams.get("code");
  expect((await post("/api/auth/verify-email", { email, username, code })).status).toBe(200);
  const { result } = (await (
    await post("/api/auth/signin", { email, password: PASSWORD })
  ).json()) as {
    result: { AccessToken: string };
  };
  const auth = { Authorization: `Bearer ${result.AccessToken}` };
  const { teamId } = (await (await post("/api/teams", { name: "Full" }, auth)).json()) as {
    teamId: string;
  };
  const { collectionId } = (await (
    await post(`/api/teams/${teamId}/collections`, { name: "Disk" }, auth)
  ).json()) as { collectionId: string };
  const base = `/api/teams/${teamId}/collections/${collectionId}`;
  const start = (name: string, size: number) =>
    post(`${base}/files`, { name, contentType: "text/plain", size }, auth);
  const put = (uploadUrl: string, bytes: Uint8Array<ArrayBuffer>) =>
    fetch(uploadUrl, { method: "PUT", headers: { "Content-Type": "text/plain" }, body: bytes });
  const status = async (fileId: string) =>
    (
      (await (await fetch(`${url}${base}/files/${fileId}`, { headers: auth })).json()) as {
        status: string;
      }
    ).status;
  const content = async (fileId: string) => {
    const { signedUrl } = (await (
      await fetch(`${url}${base}/files/${fileId}/content`, { headers: auth })
    ).json()) as { signedUrl: string };
    return new Uint8Array(await (await fetch(new URL(signedUrl, url))).arrayBuffer());
  };
  const text = (size: number) => new Uint8Array(Buffer.alloc(size, "all is well\n"));

  // A file stored while there is room.
  const before = text(MiB);
  const first = (await (await start("before.txt", before.length)).json()) as {
    fileId: string;
    uploadUrl: string;
  };
  expect((await put(first.uploadUrl, before)).status).toBe(200);
  await expect.poll(() => status(first.fileId)).toBe("ready");

  // Nearly full: a new file is refused before a byte is sent, with a clear error.
  const filler = fill(10 * MiB);
  const refused = await start("too-big.txt", 2 * MiB);
  expect(refused.status).toBe(507);
  expect(refused.headers.get("retry-after")).toBe("300");
  expect(await refused.json()).toEqual({
    statusCode: 507,
    errorCode: "generic",
    message: "The server has no room for this file now; try again later",
  });

  // Room when it starts, none while it arrives: the PUT is refused, as clearly.
  fs.rmSync(filler);
  const bytes = text(4 * MiB);
  const second = (await (await start("during.txt", bytes.length)).json()) as {
    fileId: string;
    uploadUrl: string;
  };
  const tight = fill(MiB);
  const cut = await put(second.uploadUrl, bytes);
  expect(cut.status).toBe(507);
  expect(await cut.json()).toEqual({
    statusCode: 507,
    errorCode: "generic",
    message: "The server's storage is full; try again later",
  });
  // What was stored is intact, and still served.
  expect(server.alive()).toBe(true);
  expect(sha256(await content(first.fileId))).toBe(sha256(before));
  expect((await fetch(`${url}${base}/files`, { headers: auth })).status).toBe(200);
  expect(await status(second.fileId)).not.toBe("ready");

  // Space returns: the same upload address takes the file again, and it is processed.
  fs.rmSync(tight);
  expect((await put(second.uploadUrl, bytes)).status).toBe(200);
  await expect.poll(() => status(second.fileId), { timeout: 30_000 }).toBe("ready");
  expect(sha256(await content(second.fileId))).toBe(sha256(bytes));
  expect(sha256(await content(first.fileId))).toBe(sha256(before));

  // The server stayed up, and logged what happened as the disk's fault, not as a bug.
  expect(server.alive()).toBe(true);
  const log = server.log();
  expect(log).toContain("the disk is full");
  expect(log).not.toMatch(/unhandled|uncaught/);
});
