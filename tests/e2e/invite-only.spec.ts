import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/*
 * SIGNUP=invite-only (ADR 088, docs/operations.md): a host of its own with that setting. The
 * sign-up page says sign-up is by invitation only, without JavaScript too, and has no form; a
 * post to it made anyway creates nothing and says why.
 */

let child: ChildProcess;
let dataDir: string;
let url: string;

test.beforeAll(async () => {
  const port = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
  url = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-invite-only-"));
  child = spawn(process.execPath, [path.resolve("build/host/server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: port,
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SIGNUP: "invite-only",
    },
    stdio: "ignore",
  });
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/api/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (tries > 150) throw new Error("the invite-only host did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(() => {
  child?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the sign-up page says sign-up is by invitation only, in English and Italian", async ({
  page,
  browser,
}) => {
  await page.goto(`${url}/auth/signup`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/Sign-up on this server is by invitation only/)).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expect(page.locator("form[method='post'] input[name='email']")).toHaveCount(0);

  const italian = await browser.newContext({
    locale: "it-IT",
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
  });
  const paginaItaliana = await italian.newPage();
  await paginaItaliana.goto(`${url}/auth/signup`);
  await expect(
    paginaItaliana.getByText(/Su questo server ci si registra solo su invito/),
  ).toBeVisible();
  await italian.close();
});

test("a sign-up posted anyway creates no account and is answered with the same page", async ({
  page,
}) => {
  test.skip(test.info().project.use.javaScriptEnabled !== false, "a plain form post");
  // What a form kept from before the setting changed would send, with JavaScript off.
  await page.goto(`${url}/auth/signup`);
  await page.setContent(
    `<form method="post" action="${url}/auth/signup">
      <input name="email" value="late@example.com"><input name="nickname" value="Late">
      <input name="password" value="Sup3r-secret!"><input name="confirmPassword" value="Sup3r-secret!">
      <input name="age" value="on"><input name="terms" value="on"><button>Sign up</button></form>`,
  );
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(`${url}/auth/signup`);
  await expect(page.getByText(/Sign-up on this server is by invitation only/)).toBeVisible();
  // No account: signing in with what was posted is refused.
  const signIn = await page.request.post(`${url}/api/auth/signin`, {
    data: { email: "late@example.com", password: "Sup3r-secret!" },
  });
  expect(signIn.status()).toBe(401);
});
