import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./instances.ts";

/*
 * A real nginx in front of a host, with exactly the server block docs/operations.md documents
 * ("Running behind a reverse proxy"). Only what an operator fills in is replaced: the port, the
 * upstream, the certificate (self-signed, made here) and, for nginx before 1.25.1, the HTTP/2
 * line the document gives for it. Each replacement must match once, so a change to the
 * documented block either still works here or fails loudly.
 *
 * nginx runs as the current user in the foreground, with its pid, logs and temporary files in a
 * temporary folder: no root, no system paths.
 */

const OPERATIONS = path.resolve("docs/operations.md");

/** nginx: NGINX_PATH, else Debian's (/usr/sbin is not on every user's PATH), else the PATH's. */
export function nginxPath() {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  if (fs.existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  return "nginx";
}

/** [major, minor, patch] of the nginx at `binary` (`nginx -v` writes to stderr). */
function nginxVersion(binary: string) {
  const answer = spawnSync(binary, ["-v"], { encoding: "utf8" });
  if (answer.error) {
    throw new Error(
      `nginx is needed for the proxy tests and ${binary} did not run (${answer.error.message}): ` +
        "install it (apt-get install nginx) or set NGINX_PATH",
    );
  }
  const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(answer.stderr);
  if (!version) throw new Error(`Unexpected answer from ${binary} -v: ${answer.stderr}`);
  return version.slice(1).map(Number) as [number, number, number];
}

/** Whether `version` is `wanted` or later. */
function atLeast(version: readonly number[], wanted: readonly number[]) {
  const differs = wanted.findIndex((part, index) => (version[index] ?? 0) !== part);
  return differs === -1 || (version[differs] ?? 0) > (wanted[differs] ?? 0);
}

/** The first ```nginx block of a section of docs/operations.md, as a reader copies it. */
export function documentedServerBlock(section = "## Running behind a reverse proxy") {
  const doc = fs.readFileSync(OPERATIONS, "utf8");
  const start = doc.indexOf(`${section}\n`);
  if (start === -1) throw new Error(`No section "${section}" in ${OPERATIONS}`);
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(start))?.[1];
  if (!block) throw new Error(`No nginx block in the section "${section}" of ${OPERATIONS}`);
  return block;
}

export function replaceOnce(text: string, pattern: RegExp, replacement: string) {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0;
  if (found !== 1) {
    throw new Error(`The documented nginx block has ${found} matches for ${pattern}, not one`);
  }
  return text.replace(pattern, replacement);
}

/** What an operator fills in of a documented block with TLS: its port and certificate. */
export interface TlsValues {
  version: number[];
  port: number;
  certificate: string;
  key: string;
}

/** The TLS listener and certificate of a documented block, for this nginx's version. */
export function withTls(documented: string, options: TlsValues) {
  let block = documented;
  if (atLeast(options.version, [1, 25, 1])) {
    block = replaceOnce(block, /^ *# listen 443 ssl http2;\n/m, "");
    block = replaceOnce(block, /^( *listen )443( ssl;)$/m, `$1${options.port}$2`);
  } else {
    // Before 1.25.1 there is no `http2` directive: the document's line for older versions.
    block = replaceOnce(block, /^ *listen 443 ssl;\n/m, "");
    block = replaceOnce(block, /^ *http2 on;\n/m, "");
    block = replaceOnce(block, /^( *)# (listen )443( ssl http2;)$/m, `$1$2${options.port}$3`);
  }
  block = replaceOnce(block, /^( *ssl_certificate ).+;$/m, `$1${options.certificate};`);
  block = replaceOnce(block, /^( *ssl_certificate_key ).+;$/m, `$1${options.key};`);
  return block;
}

/** The documented block with an operator's values filled in, for this nginx's version. */
export function serverBlockFor(options: TlsValues & { upstream: string }) {
  const block = withTls(documentedServerBlock(), options);
  return replaceOnce(block, /(proxy_pass )http:\/\/127\.0\.0\.1:3000;/, `$1${options.upstream};`);
}

export interface Nginx {
  /** `https://127.0.0.1:<port>`, a port other than 443. */
  url: string;
  /** The configuration it runs, for a failing test's report. */
  config: string;
  /** Its error log so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts nginx in front of `upstream` (`http://127.0.0.1:<port>`) with TLS on a free port. */
export function startNginx(upstream: string): Promise<Nginx> {
  return startNginxWith((tls) => serverBlockFor({ ...tls, upstream }));
}

/**
 * Starts nginx with TLS on a free port and the `http` block's contents that `configure` makes
 * from it (its own logs and temporary folders come first). Resolves once that port accepts.
 */
export async function startNginxWith(configure: (tls: TlsValues) => string): Promise<Nginx> {
  const binary = nginxPath();
  const version = nginxVersion(binary);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-nginx-"));
  const port = freePort();
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  const errorLog = path.join(dir, "error.log");
  const at = (name: string) => path.join(dir, name);
  const config = [
    "# Made by tests/e2e/support/nginx.ts around a server block of docs/operations.md.",
    "daemon off;",
    "worker_processes 1;",
    `pid ${at("nginx.pid")};`,
    `error_log ${errorLog} warn;`,
    // As root, workers would switch to `nobody`, who cannot enter this folder.
    process.getuid?.() === 0 ? `user ${os.userInfo().username};` : "",
    "events { worker_connections 256; }",
    "http {",
    `    access_log ${at("access.log")};`,
    `    client_body_temp_path ${at("client_body")};`,
    `    proxy_temp_path ${at("proxy")};`,
    `    fastcgi_temp_path ${at("fastcgi")};`,
    `    uwsgi_temp_path ${at("uwsgi")};`,
    `    scgi_temp_path ${at("scgi")};`,
    "",
    configure({ version, port, certificate, key }),
    "}",
    "",
  ].join("\n");
  const configFile = at("nginx.conf");
  fs.writeFileSync(configFile, config);

  // -e (nginx 1.19.5+) keeps start-up errors out of the compiled-in /var/log/nginx/error.log.
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", configFile, "-e", errorLog], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const log = () => `${stderr}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""}`;
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await exit;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (exited || Date.now() > deadline) {
      const failure = `nginx did not start:\n${log()}\n--- nginx.conf\n${config}`;
      await stop();
      throw new Error(failure);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `https://127.0.0.1:${port}`, config, log, stop };
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
