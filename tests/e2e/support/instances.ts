import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * Hosts of the production build started by a test itself (not by playwright.config.ts), so the
 * test can read their log, set their secrets, and put a switchable proxy between web and API.
 */

export function freePort() {
  return Number(
    execFileSync(process.execPath, [
      "-e",
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );
}

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything it logged so far, stdout and stderr. */
  log(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * `node build/host/server.js` on a free port with a fresh DATA_DIR and `env`; resolves once up.
 * PUBLIC_URL is its own address unless `env` sets it, or unsets it with `undefined`.
 */
export async function startInstance(
  env: Record<string, string | undefined>,
  /** A port of the caller's choosing (a restarted instance keeps its address). */
  port = freePort(),
): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-instance-"));
  const url = `http://127.0.0.1:${port}`;
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...env,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete settings[name];
  }
  const child = spawn(process.execPath, [path.resolve("build/host/server.js")], {
    env: settings,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exited = false;
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await exit;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!/listening on/.test(output)) {
    if (exited || Date.now() > deadline) {
      // A host that did not start is not left running for the rest of the suite.
      await stop();
      throw new Error(
        `The instance ${exited ? "exited while starting" : "did not start"}:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, log: () => output, alive: () => !exited, stop };
}

/** How the proxy in front of the API behaves. */
export type ProxyMode =
  /** Forwards every request. */
  | "pass"
  /** Answers 500 with the API's own error body. */
  | "error500"
  /** Answers 500 with an HTML page, as a broken gateway would. */
  | "bare500"
  /** Accepts the request and never answers. */
  | "hang"
  /** Drops the connection without a word. */
  | "reset";

export interface SwitchableProxy {
  url: string;
  mode: ProxyMode;
  /** While set, requests whose path and query match it hang, whatever the mode. */
  hangOnly?: RegExp;
  close(): Promise<void>;
}

/** An HTTP proxy to `target` whose `mode` the test switches: the API answering badly or not. */
export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const hanging = new Set<http.ServerResponse>();
  const state: SwitchableProxy = {
    url: "",
    mode: "pass",
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    const mode = state.hangOnly?.test(request.url ?? "") ? "hang" : state.mode;
    switch (mode) {
      case "error500":
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({ statusCode: 500, errorCode: "generic", message: "Internal error" }),
        );
        return;
      case "bare500":
        response.writeHead(500, { "Content-Type": "text/html" });
        response.end("<h1>500 Internal Server Error</h1>");
        return;
      case "hang":
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      case "reset":
        request.socket.destroy();
        return;
      case "pass": {
        const upstream = http.request(
          `${target}${request.url}`,
          { method: request.method, headers: request.headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on("error", () => response.destroy());
        request.pipe(upstream);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
