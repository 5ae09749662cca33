import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { analyticsScriptUrl, appUrl, proxiedUrl } from "../../playwright.config.ts";
import { createVerifiedUser, signInCookie } from "./support/accounts.ts";
import { startInstance } from "./support/instances.ts";

/*
 * The host as an operator and an attacker meet it: headers, cross-origin refusal, compression,
 * caching, the proxy switch, configuration errors and shutdown. Plain HTTP, no browser needed.
 */

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, redirect: "manual" });

const postForm = (url: string, headers: Record<string, string>, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

test.describe("security headers", () => {
  test("every page has a CSP with a fresh nonce that every inline script carries", async () => {
    const first = await get(`${appUrl}/`);
    const second = await get(`${appUrl}/`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "default-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("pages and API answers carry nosniff, Referrer-Policy and Permissions-Policy", async () => {
    const page = await get(`${appUrl}/status`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toContain("geolocation=()");
    const api = await get(`${appUrl}/api/status`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const plain = await get(`${appUrl}/`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();

    const spoofed = await get(`${appUrl}/`, { "X-Forwarded-Proto": "https" });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();

    const proxied = await get(`${proxiedUrl}/`, { "X-Forwarded-Proto": "https" });
    expect(proxied.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });
});

test.describe("cross-origin requests to the web tier", () => {
  const themeChoice = { theme: "dark", redirectTo: "/" };

  test("are refused with 403, with or without Origin or Referer", async () => {
    const evil = await postForm(
      `${appUrl}/resources/theme`,
      { Origin: "https://evil.example" },
      themeChoice,
    );
    expect(evil.status).toBe(403);
    expect(evil.headers.get("set-cookie")).toBeNull();

    const evilReferer = await postForm(
      `${appUrl}/resources/theme`,
      { Referer: "https://evil.example/page" },
      themeChoice,
    );
    expect(evilReferer.status).toBe(403);

    const anonymous = await postForm(`${appUrl}/resources/theme`, {}, themeChoice);
    expect(anonymous.status).toBe(403);

    const dataRequest = await postForm(
      `${appUrl}/resources/consent?_data=routes%2Fresources.consent`,
      { Origin: "https://evil.example" },
      { intent: "accept", redirectTo: "/" },
    );
    expect(dataRequest.status).toBe(403);
  });

  test("from our own origin go through", async () => {
    const response = await postForm(`${appUrl}/resources/theme`, { Origin: appUrl }, themeChoice);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/^theme=/);
  });

  test("behind a trusted proxy, our origin is the public one it forwards", async () => {
    const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "photos.example.com" };
    const ok = await postForm(
      `${proxiedUrl}/resources/theme`,
      { ...forwarded, Origin: "https://photos.example.com" },
      themeChoice,
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("set-cookie")).toMatch(/;\s*Secure/i);

    // Without TRUST_PROXY the same headers are ignored: that origin is not ours.
    const ignored = await postForm(
      `${appUrl}/resources/theme`,
      { ...forwarded, Origin: "https://photos.example.com" },
      themeChoice,
    );
    expect(ignored.status).toBe(403);
  });

  test("behind a proxy that drops the port, the origin of PUBLIC_URL is ours too", async () => {
    // nginx's `$host` forwards photos.example.com; the browser on :8443 sends its port.
    const publicUrl = "https://photos.example.com:8443";
    const instance = await startInstance({ TRUST_PROXY: "1", PUBLIC_URL: publicUrl });
    try {
      const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "photos.example.com" };
      const ok = await postForm(
        `${instance.url}/resources/theme`,
        { ...forwarded, Origin: publicUrl },
        themeChoice,
      );
      expect(ok.status).toBe(303);
      const otherPort = await postForm(
        `${instance.url}/resources/theme`,
        { ...forwarded, Origin: "https://photos.example.com:9443" },
        themeChoice,
      );
      expect(otherPort.status).toBe(403);
    } finally {
      await instance.stop();
    }
  });

  test("cookies are not Secure over plain HTTP, nor when an untrusted header says HTTPS", async () => {
    const response = await postForm(
      `${appUrl}/resources/theme`,
      { Origin: appUrl, "X-Forwarded-Proto": "https" },
      themeChoice,
    );
    expect(response.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);
  });
});

test.describe("analytics", () => {
  const analyticsTag = `src="${analyticsScriptUrl}"`;

  async function consent(baseUrl: string, intent: "accept" | "decline") {
    const response = await postForm(
      `${baseUrl}/resources/consent`,
      { Origin: new URL(baseUrl).origin },
      { intent, redirectTo: "/" },
    );
    expect(response.status).toBe(303);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("consent="));
    expect(cookie).toBeDefined();
    return (cookie ?? "").split(";")[0] ?? "";
  }

  test("load only after the visitor accepts, and only when configured", async () => {
    const undecided = await (await get(`${proxiedUrl}/`)).text();
    expect(undecided).not.toContain(analyticsTag);

    const declined = await get(`${proxiedUrl}/`, { Cookie: await consent(proxiedUrl, "decline") });
    expect(await declined.text()).not.toContain(analyticsTag);

    const accepted = await get(`${proxiedUrl}/`, { Cookie: await consent(proxiedUrl, "accept") });
    const nonce = /'nonce-([^']+)'/.exec(
      accepted.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(accepted.headers.get("content-security-policy")).toContain("https://analytics.example");
    expect(nonce).toBeTruthy();
    expect(await accepted.text()).toContain(
      `<script async="" src="${analyticsScriptUrl}" nonce="${nonce}">`,
    );

    expect(accepted.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    // An address holding a secret is answered with a redirect to the address without it, which
    // sends no Referer anywhere; the page then has its secret from the handoff cookie, and loads
    // no third-party script, which could read it from the page.
    const accept = await consent(proxiedUrl, "accept");
    for (const [secret, clean] of [
      ["/auth/reset?email=ada%40example.com&code=123456", "/auth/reset?email=ada%40example.com"],
      [
        "/auth/verify?email=ada%40example.com&code=123456&username=u1",
        "/auth/verify?email=ada%40example.com&username=u1",
      ],
      ["/teams/t1/invitations/accept?key=k123", "/teams/t1/invitations/accept"],
      ["/unsubscribe?email=ada%40example.com&token=t123", "/unsubscribe?email=ada%40example.com"],
    ] as const) {
      const landing = await get(`${proxiedUrl}${secret}`, { Cookie: accept });
      expect(landing.status, secret).toBe(303);
      expect(landing.headers.get("location"), secret).toBe(clean);
      expect(landing.headers.get("referrer-policy"), secret).toBe("no-referrer");
      const handoff = landing.headers.getSetCookie().find((c) => c.startsWith("handoff="));
      expect(handoff, secret).toMatch(/HttpOnly/i);
      // Sealed: the cookie's value does not show the secret.
      expect(handoff, secret).not.toMatch(/123456|k123|t123/);
      const page = await get(`${proxiedUrl}${clean}`, {
        Cookie: `${accept}; ${(handoff ?? "").split(";")[0]}`,
      });
      const html = await page.text();
      expect(html, secret).not.toContain(analyticsTag);
      expect(page.headers.get("referrer-policy"), secret).toBe("strict-origin-when-cross-origin");
      // The page has its secret: the verification code is filled in, the reset form is offered.
      if (secret.startsWith("/auth/verify")) expect(html, secret).toContain('value="123456"');
      if (secret.startsWith("/auth/reset")) expect(html, secret).toContain("Save new password");
      // Nothing it renders from its address carries the secret again.
      expect(html, secret).not.toMatch(/[?&;](code|key|token)=/);
    }

    // Without ANALYTICS_SCRIPT_URL nothing is loaded, whatever the visitor chose.
    const unconfigured = await get(`${appUrl}/`, { Cookie: await consent(appUrl, "accept") });
    const html = await unconfigured.text();
    expect(html).not.toContain("analytics.example");
    expect(unconfigured.headers.get("content-security-policy")).not.toContain("analytics");
  });
});

test.describe("compression and caching", () => {
  async function firstScript() {
    const html = await (await get(`${appUrl}/`)).text();
    // The first module the head's preloading script names (ADR 049).
    const src = /"(\/assets\/[\w.-]+\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    return src as string;
  }

  test("hashed assets are cached for a year and served precompressed", async () => {
    const asset = await firstScript();
    const brotli = await get(`${appUrl}${asset}`, { "Accept-Encoding": "gzip, br" });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);

    const gzip = await get(`${appUrl}${asset}`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");

    const identity = await get(`${appUrl}${asset}`, { "Accept-Encoding": "identity" });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(await identity.text()).toBe(await brotli.text());
  });

  test("pages are compressed by the host, unless COMPRESS=0", async () => {
    const compressed = await get(`${appUrl}/terms`, { "Accept-Encoding": "br, gzip" });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("cache-control") ?? "").not.toContain("immutable");
    expect(await compressed.text()).toContain("</html>");

    const gzip = await get(`${appUrl}/terms`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");

    const proxied = await get(`${proxiedUrl}/terms`, { "Accept-Encoding": "br, gzip" });
    expect(proxied.headers.get("content-encoding")).toBeNull();
  });
});

test.describe("form posts to the web tier (ADR 021)", () => {
  interface Answer {
    status: number;
    text: string;
  }

  /**
   * Posts to the web tier on a connection of its own, from our own origin, and answers with what
   * the server answered: a body too large is refused before the client has sent it all, and the
   * connection is then closed. A plain socket, so the answer is read whatever the writes meet
   * (an HTTP client stops at its first failed write, EPIPE, and drops an answer that had already
   * come). A number for `body` sends that many bytes of form fields in chunks, with no
   * Content-Length.
   */
  async function post(
    path: string,
    headers: Record<string, string>,
    body: string | number | FormData,
    attempt = 1,
  ): Promise<Answer> {
    const sent = new Headers({ Origin: appUrl, ...headers });
    let bytes: Buffer | number = typeof body === "string" ? Buffer.from(body) : 0;
    if (body instanceof FormData) {
      const encoded = new Response(body);
      sent.set("Content-Type", encoded.headers.get("Content-Type") ?? "");
      bytes = Buffer.from(await encoded.arrayBuffer());
    } else if (typeof body === "number") bytes = body;
    if (Buffer.isBuffer(bytes)) sent.set("Content-Length", String(bytes.length));
    else sent.set("Transfer-Encoding", "chunked");
    const { hostname, port } = new URL(appUrl);
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      "Connection: close",
      ...[...sent].map(([name, value]) => `${name}: ${value}`),
      "",
      "",
    ].join("\r\n");
    const received = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(head);
        if (Buffer.isBuffer(bytes)) return void socket.write(bytes);
        const chunk = Buffer.alloc(64 * 1024, "a");
        const frame = Buffer.concat([
          Buffer.from(`${chunk.length.toString(16)}\r\n`),
          chunk,
          Buffer.from("\r\n"),
        ]);
        let written = 0;
        const write = () => {
          while (written < (bytes as number) && socket.writable) {
            written += chunk.length;
            if (!socket.write(frame)) return void socket.once("drain", write);
          }
          if (socket.writable) socket.write("0\r\n\r\n");
        };
        write();
      });
      socket.on("data", (data: Buffer) => chunks.push(data));
      // A write the server no longer reads fails; what it answered is still in `chunks`.
      socket.on("error", () => socket.destroy());
      socket.on("close", () => resolve(Buffer.concat(chunks)));
    });
    const answer = answerOf(received);
    // A server that refuses mid-body closes with the client's bytes unread, so its kernel may
    // reset the connection, and a reset can take the answer with it before it is read: the
    // same post is sent again (at most twice more) rather than reading nothing as an answer.
    if (answer.status === 0 && attempt < 3) return post(path, headers, body, attempt + 1);
    return answer;
  }

  /** The status and the (de-chunked) body of a raw HTTP answer. */
  function answerOf(raw: Buffer): Answer {
    const split = raw.indexOf("\r\n\r\n");
    const headText = raw.subarray(0, split).toString("latin1");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0);
    let rest = raw.subarray(split + 4);
    if (!/^transfer-encoding: *chunked/im.test(headText))
      return { status, text: rest.toString("utf8") };
    const parts: Buffer[] = [];
    while (rest.length > 0) {
      const line = rest.indexOf("\r\n");
      const size = Number.parseInt(rest.subarray(0, line).toString("latin1"), 16);
      if (!(size > 0)) break;
      parts.push(rest.subarray(line + 2, line + 2 + size));
      rest = rest.subarray(line + 2 + size + 2);
    }
    return { status, text: Buffer.concat(parts).toString("utf8") };
  }

  test("a type no form of ours sends is 415, a body that cannot be read 400", async () => {
    const plain = await post("/auth/forgot", { "Content-Type": "text/plain" }, "x");
    expect(plain.status).toBe(415);
    expect(plain.text).toContain("This form was sent in a way we can&#x27;t read");

    const json = await post("/auth/signin", { "Content-Type": "application/json" }, "{}");
    expect(json.status).toBe(415);
    const none = await post("/auth/signin", {}, "identifier=x");
    expect(none.status).toBe(415);
    const noBoundary = await post("/auth/signin", { "Content-Type": "multipart/form-data" }, "x");
    expect(noBoundary.status).toBe(415);

    const broken = await post(
      "/auth/signin",
      { "Content-Type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="identifier"\r\n\r\nada',
    );
    expect(broken.status).toBe(400);
    expect(broken.text).toContain("This form could not be read");

    // The same refusals for a client-side navigation's form post, and for a resource route.
    const data = await post("/auth/forgot.data", { "Content-Type": "text/plain" }, "x");
    expect(data.status).toBe(415);
    const resource = await post("/resources/consent", { "Content-Type": "text/xml" }, "<x/>");
    expect(resource.status).toBe(415);
    // remix-themes posts its choice as text: that route says it takes it.
    const theme = await post(
      "/resources/theme",
      { "Content-Type": "text/plain" },
      '{"theme":"dark"}',
    );
    expect(theme.status).toBe(200);

    expect((await fetch(`${appUrl}/api/status`)).status).toBe(200);
  });

  test("a form larger than its route takes is 413 before it is read, or as soon as it passes the limit", async () => {
    const declared = await post(
      "/auth/signin",
      { "Content-Type": "application/x-www-form-urlencoded" },
      `identifier=${"x".repeat(300 * 1024)}`,
    );
    expect(declared.status).toBe(413);
    expect(declared.text).toContain("This form is too large");

    const chunked = await post(
      "/auth/signin",
      { "Content-Type": "application/x-www-form-urlencoded" },
      64 * 1024 * 1024,
    );
    expect(chunked.status).toBe(413);

    // A guest's avatar form is sent to sign in before anything is read; the limit is the
    // route's own (an image and a few fields), not every form's.
    const multipart = new FormData();
    multipart.set("file", new Blob([new Uint8Array(200 * 1024)], { type: "image/png" }), "a.png");
    const avatar = await post("/profile/avatar", {}, multipart);
    expect(avatar.status).toBe(303);
    const signIn = await post("/auth/signin", {}, multipart);
    expect(signIn.status).toBe(413);

    expect((await fetch(`${appUrl}/api/status`)).status).toBe(200);
  });

  test("a form that takes files answers a broken or oversized multipart body with 400 or 413", async () => {
    const user = await createVerifiedUser("multipart");
    const Cookie = await signInCookie(user.email);
    const cut = await post(
      "/profile/avatar",
      { Cookie, "Content-Type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    );
    expect(cut.status).toBe(400);
    expect(cut.text).toContain("This form could not be read");
    const badHeader = await post(
      "/profile/avatar",
      { Cookie, "Content-Type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="\' OR 1=1 --"\r\n\r\nx\r\n--x--\r\n',
    );
    expect(badHeader.status).toBe(400);
    const form = new FormData();
    form.set("intent", "x".repeat(4096));
    const bigField = await post("/profile/avatar", { Cookie }, form);
    expect(bigField.status).toBe(413);
  });

  test("a guest sent to sign in from a very long address gets there, and comes back to its path", async () => {
    const response = await get(`${appUrl}/teams/some-team?q=${"x".repeat(6000)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/auth\/signin/);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie.length).toBeLessThan(4096);
  });
});

test.describe("private pages", () => {
  test("answers that depend on the session are never stored; guests' pages and assets keep their caching", async () => {
    const user = await createVerifiedUser("cache");
    const cookie = await signInCookie(user.email);
    const teams = await get(`${appUrl}/teams`, { Cookie: cookie });
    expect(teams.status).toBe(200);
    expect(teams.headers.get("cache-control")).toBe("private, no-store");
    const data = await get(`${appUrl}/teams.data`, { Cookie: cookie });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    const publicPage = await get(`${appUrl}/terms`, { Cookie: cookie });
    expect(publicPage.headers.get("cache-control")).toBe("private, no-store");

    const guest = await get(`${appUrl}/terms`);
    expect(guest.headers.get("cache-control")).toBeNull();
    // Signing in sets the session: that answer is not stored either.
    const signIn = await postForm(
      `${appUrl}/auth/signin`,
      { Origin: appUrl },
      { intent: "sign-in", identifier: user.email, password: user.password },
    );
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });
});

test.describe("process", () => {
  const server = path.resolve("build/host/server.js");

  function run(env: Record<string, string>, options: { uid?: number } = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-host-"));
    const child = spawn(process.execPath, [server], {
      ...options,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    return {
      child,
      exited,
      output: () => ({ stdout, stderr }),
      dataDir,
      cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }

  test("a bad setting stops start-up with one line naming the variable", async () => {
    const started = run({ PORT: "eighty", TRUST_PROXY: "maybe" });
    expect(await started.exited).toBe(1);
    const lines = started.output().stderr.trim().split("\n");
    expect(lines).toEqual([
      'Configuration error: PORT must be a port number (got "eighty")',
      'Configuration error: TRUST_PROXY must be 1, 0, or a list of proxy addresses and CIDR ranges; it has "maybe", which is not an address or a CIDR range (got "maybe")',
    ]);
    expect(started.output().stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
    started.cleanup();
  });

  test("a faulty plan catalogue stops start-up with one line naming the file and the fault", async () => {
    const file = path.join(os.tmpdir(), `plans-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify([{ planId: "team", type: "paid" }]));
    const started = run({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      PLANS_FILE: file,
    });
    expect(await started.exited).toBe(1);
    const lines = started.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: PLANS_FILE ${file}: 0\\.price `));
    expect(started.output().stderr).not.toMatch(/\bat .*\.js:\d+/);
    started.cleanup();
    fs.rmSync(file);
  });

  test("a DATA_DIR the server's user can't write stops start-up with one line saying so", async () => {
    // Root writes anywhere: run as nobody then, on a folder that is root's alone.
    const root = process.getuid?.() === 0;
    const started = run({}, root ? { uid: 65534 } : {});
    const { dataDir } = started;
    if (!root) fs.chmodSync(dataDir, 0o500);
    expect(await started.exited).toBe(1);
    const lines = started.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Start-up error: ${dataDir}/secrets can't be written by .*\\(EACCES\\)\\. `),
    );
    expect(lines[0]).toContain("chown -R 1000:1000");
    fs.chmodSync(dataDir, 0o700);
    started.cleanup();
  });

  async function listeningPort(started: ReturnType<typeof run>) {
    const listening = /listening on http:\/\/localhost:(\d+)/;
    // Start-up takes seconds on a busy two-core machine.
    await expect
      .poll(() => listening.exec(started.output().stdout)?.[1], { timeout: 30_000 })
      .toBeTruthy();
    return listening.exec(started.output().stdout)?.[1];
  }

  test("TRUST_PROXY on with HOST 0.0.0.0 warns at start-up in one line; on loopback it does not", async () => {
    const open = run({ PORT: "0", TRUST_PROXY: "1", HOST: "0.0.0.0" });
    const closed = run({ PORT: "0", TRUST_PROXY: "10.0.0.5,192.168.0.0/16" });
    try {
      await Promise.all([listeningPort(open), listeningPort(closed)]);
      const warnings = (started: ReturnType<typeof run>) =>
        started
          .output()
          .stdout.split("\n")
          .filter((line) => line.includes("TRUST_PROXY is on"));
      const [warning, ...more] = warnings(open);
      expect(more).toEqual([]);
      expect(JSON.parse(warning ?? "{}")).toMatchObject({
        level: 40,
        msg: expect.stringMatching(
          /^TRUST_PROXY is on and HOST is 0\.0\.0\.0: .*set HOST to the address the proxy connects to/,
        ),
      });
      expect(warnings(closed)).toEqual([]);
    } finally {
      for (const started of [open, closed]) started.child.kill("SIGTERM");
      await Promise.all([open.exited, closed.exited]);
      open.cleanup();
      closed.cleanup();
    }
  });

  test("a web tier whose API does not answer shows a 503 page, not a stack trace", async () => {
    // ROLE=web with API_URL on a port where nothing listens.
    const started = run({ PORT: "0", ROLE: "web", API_URL: "http://127.0.0.1:9" });
    try {
      const port = await listeningPort(started);
      const response = await get(`http://127.0.0.1:${port}/status`);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Service unavailable");
      expect(html).not.toMatch(/ECONNREFUSED|fetch failed|\bat .*\.js:\d+/);
    } finally {
      started.child.kill("SIGTERM");
      await started.exited;
      started.cleanup();
    }
  });

  test("a ?_data= request is the page's, and writes no warning of Remix's to the log", async () => {
    const started = run({ PORT: "0" });
    try {
      const origin = `http://127.0.0.1:${await listeningPort(started)}`;
      const page = await get(`${origin}/terms?_data=root`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("<h1");
      // An action's post too: the early-access form, empty, is refused on the page itself.
      const posted = await fetch(`${origin}/?index&_data=routes%2F_index`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: "email=",
      });
      expect(posted.status).toBe(400);
      expect(posted.headers.get("content-type")).toContain("text/html");
      expect(started.output().stderr).not.toContain("_data");
    } finally {
      started.child.kill("SIGTERM");
      await started.exited;
      started.cleanup();
    }
  });

  /** The JSON log lines a host wrote to stdout. */
  function logLines(started: ReturnType<typeof run>) {
    return started
      .output()
      .stdout.split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; path?: string; requestId?: string });
  }

  test("health checks that pass are logged at debug only; pages at info", async () => {
    const started = run({ PORT: "0" });
    try {
      const origin = `http://127.0.0.1:${await listeningPort(started)}`;
      for (const check of ["/health", "/api/status", "/api/status/ready"]) {
        expect((await get(`${origin}${check}`)).status).toBe(200);
      }
      expect((await get(`${origin}/terms`)).status).toBe(200);
      await expect.poll(() => logLines(started).some((line) => line.path === "/terms")).toBe(true);
      const logged = logLines(started)
        .filter((line) => line.msg === "request")
        .map((line) => line.path);
      expect(logged).toEqual(["/terms"]);
    } finally {
      started.child.kill("SIGTERM");
      await started.exited;
      started.cleanup();
    }
  });

  test("one request id follows a page from the proxy through the web tier to the API's log", async () => {
    const key = `web-tier-${"k".repeat(40)}`;
    // At debug: /status asks the API's /api/status, a health check its log keeps below info.
    const api = run({ PORT: "0", ROLE: "api", WEB_TIER_KEY: key, LOG_LEVEL: "debug" });
    const apiPort = await listeningPort(api);
    const web = run({
      PORT: "0",
      ROLE: "web",
      API_URL: `http://127.0.0.1:${apiPort}`,
      WEB_TIER_KEY: key,
      TRUST_PROXY: "1",
    });
    try {
      const webPort = await listeningPort(web);
      // nginx's $request_id: 32 hex digits.
      const requestId = "5b9c7a0e1f2d3c4b5a69788796a5b4c3";
      const page = await get(`http://127.0.0.1:${webPort}/status`, { "X-Request-Id": requestId });
      expect(page.status).toBe(200);
      expect(page.headers.get("x-request-id")).toBe(requestId);
      await expect
        .poll(() => logLines(api).find((line) => line.path === "/api/status")?.requestId)
        .toBe(requestId);
      await expect
        .poll(() => logLines(web).find((line) => line.path === "/status")?.requestId)
        .toBe(requestId);

      // Sent straight to the API by a client, the header is not believed: the API has no
      // TRUST_PROXY, and the client has no web-tier key.
      const direct = await get(`http://127.0.0.1:${apiPort}/api/status`, {
        "X-Request-Id": "f".repeat(32),
      });
      expect(direct.headers.get("x-request-id")).not.toBe("f".repeat(32));
      expect(direct.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      web.child.kill("SIGTERM");
      api.child.kill("SIGTERM");
      await Promise.all([web.exited, api.exited]);
      web.cleanup();
      api.cleanup();
    }
  });

  test("on SIGTERM readiness fails at once, pages are served through SHUTDOWN_DELAY_MS, then it drains", async () => {
    const started = run({ PORT: "0", SHUTDOWN_DELAY_MS: "4000" });
    try {
      const port = await listeningPort(started);
      const origin = `http://127.0.0.1:${port}`;
      expect((await get(`${origin}/api/status/ready`)).status).toBe(200);
      expect(await (await get(`${origin}/health`)).json()).toMatchObject({ status: "ok" });

      started.child.kill("SIGTERM");
      await expect.poll(async () => (await get(`${origin}/api/status/ready`)).status).toBe(503);
      expect(await (await get(`${origin}/api/status/ready`)).json()).toMatchObject({
        status: "draining",
      });
      expect((await get(`${origin}/health`)).status).toBe(503);
      // Still serving what it is sent until the delay ends: the balancer has time to notice.
      expect((await get(`${origin}/terms`)).status).toBe(200);
      expect(await started.exited).toBe(0);
      // The last lines may reach this process just after the exit.
      await expect
        .poll(() => logLines(started).map((line) => line.msg))
        .toEqual(expect.arrayContaining(["stopping: readiness now fails", "stopped"]));
      const messages = logLines(started).map((line) => line.msg);
      expect(messages.indexOf("stopping: readiness now fails")).toBeLessThan(
        messages.findIndex((msg) => msg.startsWith("shutting down")),
      );
    } finally {
      started.child.kill("SIGKILL");
      started.cleanup();
    }
  });

  test("metrics: on their own port only, by route pattern, with the web tier's API calls and the queue", async () => {
    const started = run({ PORT: "0", METRICS_PORT: "0" });
    try {
      const port = await listeningPort(started);
      const origin = `http://127.0.0.1:${port}`;
      await expect
        .poll(() => /metrics on http:\/\/localhost:(\d+)/.exec(started.output().stdout)?.[1])
        .toBeTruthy();
      const metricsPort = /metrics on http:\/\/localhost:(\d+)/.exec(started.output().stdout)?.[1];
      expect((await get(`${origin}/terms`)).status).toBe(200);
      expect((await get(`${origin}/status`)).status).toBe(200); // a page that calls the API
      expect((await get(`${origin}/api/teams/0123456789abcdef/collections`)).status).toBe(401);

      const scrape = await get(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get("content-type")).toContain("text/plain");
      const text = await scrape.text();
      const count = (name: string, labels: string) =>
        Number(new RegExp(`^${name}_count\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
      expect(
        count(
          "http_request_duration_seconds",
          'tier="web",route="routes/terms",method="GET",status="200"',
        ),
      ).toBe(1);
      expect(
        count(
          "http_request_duration_seconds",
          'tier="web",route="routes/status",method="GET",status="200"',
        ),
      ).toBe(1);
      // Patterns, not paths: no series per team.
      expect(
        count(
          "http_request_duration_seconds",
          'tier="api",route="/api/teams/:teamId/collections",method="GET",status="401"',
        ),
      ).toBe(1);
      expect(text).not.toContain("0123456789abcdef");
      expect(
        count("web_api_call_duration_seconds", 'method="GET",resource="/api/status",status="200"'),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^jobs_queued\{state="due"\} \d+$/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);

      // The site's own port does not serve them.
      const onSite = await get(`${origin}/metrics`);
      expect(onSite.status).not.toBe(200);
      expect(await onSite.text()).not.toContain("http_request_duration_seconds");
      expect((await get(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    } finally {
      started.child.kill("SIGTERM");
      await started.exited;
      started.cleanup();
    }
  });

  test("SIGTERM lets the server finish and exit cleanly", async () => {
    const started = run({ PORT: "0", LOG_LEVEL: "info" });
    try {
      const port = await listeningPort(started);
      const status = await get(`http://127.0.0.1:${port}/api/status`);
      expect(status.status).toBe(200);
    } finally {
      started.child.kill("SIGTERM");
    }
    expect(await started.exited).toBe(0);
    expect(started.output().stdout).toContain("shutting down");
    started.cleanup();
  });
});
