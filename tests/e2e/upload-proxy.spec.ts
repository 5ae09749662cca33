import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { smtpUrl } from "../../playwright.config.ts";
import {
  apiAccessToken,
  createCollectionViaApi,
  createTeamViaApi,
  createVerifiedUser,
} from "./support/accounts.ts";
import { type Instance, startInstance } from "./support/instances.ts";
import { type Nginx, replaceOnce, serverBlockFor, startNginxWith } from "./support/nginx.ts";

/*
 * A proxy with a small body limit (ADR 103): the documented nginx block with
 * `client_max_body_size 1m` instead of its 2g, in front of the production build. nginx refuses
 * the 8 MiB tus chunks with its own 413 (HTML, not the API's JSON): the browser halves its
 * chunks until they pass (512 KiB), carries on from the server's offset, and the file arrives
 * whole. The host logs the stepped-down size once and /status shows it.
 */

const SIZE = 50 * 1024 * 1024;

let app: Instance;
let nginx: Nginx;
let bigFile: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startInstance({ TRUST_PROXY: "1", PUBLIC_URL: undefined, SMTP_URL: smtpUrl });
  nginx = await startNginxWith((tls) =>
    replaceOnce(
      serverBlockFor({ ...tls, upstream: app.url }),
      /client_max_body_size 2g;/,
      "client_max_body_size 1m;",
    ),
  );
  // A PDF's first bytes, so the sniff takes it, then random bytes.
  bigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-big-")), "report.pdf");
  const head = Buffer.from("%PDF-1.4\n");
  fs.writeFileSync(bigFile, Buffer.concat([head, randomBytes(SIZE - head.length)]));
});

test.afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
  if (bigFile) fs.rmSync(path.dirname(bigFile), { recursive: true, force: true });
});

test("behind a proxy that takes 1 MB bodies, a 50 MB upload steps its chunks down and arrives", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = await createVerifiedUser("chunks", "Carla Chunks", app.url);
  const token = await apiAccessToken(owner.email, owner.password, app.url);
  const teamId = await createTeamViaApi(token, "Small bodies", app.url);
  const collectionId = await createCollectionViaApi(
    token,
    teamId,
    { name: "Reports", mode: "collaborative" },
    app.url,
  );
  const patches: { status: number; reduced?: string }[] = [];
  page.on("requestfinished", async (request) => {
    if (request.method() !== "PATCH") return;
    const response = await request.response();
    patches.push({
      status: response?.status() ?? 0,
      reduced: request.headers()["upload-chunk-reduced"],
    });
  });

  try {
    await page.goto(`${nginx.url}/auth/signin`);
    await page.getByLabel("Email or username").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${nginx.url}/teams/${teamId}`);
    await page.goto(`${nginx.url}/teams/${teamId}/collections/${collectionId}/upload`);
    const dialog = page.getByRole("dialog", { name: "Upload files" });
    await expect(dialog.getByTestId("upload-input")).toBeAttached();
    await dialog.getByTestId("upload-input").setInputFiles(bigFile);
    await expect(dialog.getByText("Uploaded", { exact: true })).toBeVisible({
      timeout: 200_000,
    });

    // nginx refused the larger chunks; the ones that passed were halved (8 MiB, 4, 2, 1: nginx
    // takes a body of exactly 1m) and marked as stepped down.
    expect(patches.some((patch) => patch.status === 413)).toBe(true);
    const passed = patches.filter((patch) => patch.status === 204);
    const chunk = Number(passed[0]?.reduced);
    test.info().annotations.push({
      type: "measured",
      description: `chunks of ${chunk} bytes; PATCH answers ${patches.map((p) => p.status)}`,
    });
    expect([1024 * 1024, 512 * 1024]).toContain(chunk);
    expect(passed.length).toBeGreaterThanOrEqual(SIZE / chunk - 1);
    for (const patch of passed) expect(patch.reduced).toBe(String(chunk));
    // The next file of this session starts at the size that worked.
    expect(await page.evaluate(() => sessionStorage.getItem("uploads.chunkBytes"))).toBe(
      String(chunk),
    );

    // Whole on the server.
    const listed = await fetch(`${app.url}/api/teams/${teamId}/collections/${collectionId}/files`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { files } = (await listed.json()) as { files: { name: string; size: number }[] };
    expect(files).toEqual([expect.objectContaining({ name: "report.pdf", size: SIZE })]);

    // The operator is told: once in the log, and on /status.
    const warnings = app
      .log()
      .split("\n")
      .filter((line) => line.includes("chunks by a proxy; raise client_max_body_size"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(chunk === 1024 * 1024 ? "cut to 1 MiB" : "cut to 512 KiB");
    // The owner sees it on /status; a visitor who is not signed in sees the status without it.
    await page.goto(`${nginx.url}/status`);
    await expect(page.getByTestId("status-proxy-chunks")).toContainText(
      chunk === 1024 * 1024 ? "pieces of 1 MB" : "pieces of 512 KB",
    );
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error("no browser to open a visitor's page in");
    try {
      await visitor.goto(`${nginx.url}/status`);
      await expect(visitor.getByRole("heading", { name: "System status" })).toBeVisible();
      await expect(visitor.getByText("All systems operational.")).toBeVisible();
      await expect(visitor.getByTestId("status-proxy-chunks")).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } catch (error) {
    await testInfo.attach("nginx.conf", { body: nginx.config, contentType: "text/plain" });
    await testInfo.attach("nginx error log", { body: nginx.log(), contentType: "text/plain" });
    await testInfo.attach("host log", { body: app.log(), contentType: "text/plain" });
    throw error;
  }
});
