import http from "node:http";
import type { AddressInfo } from "node:net";

export interface NoScriptProxy {
  origin: string;
  stop(): Promise<void>;
}

/**
 * A loopback proxy to `target` that adds `Content-Security-Policy: script-src 'none'` to every
 * answer: the page as a browser with JavaScript off runs it, no script of any kind, inline ones
 * included. A second policy can only narrow the page's own (the browser enforces both), and it
 * binds the page, not DevTools: Lighthouse still measures, where disabling scripts in the browser
 * stops it ("Debugger.enable: Script execution is prohibited").
 */
export async function startNoScriptProxy(target: string): Promise<NoScriptProxy> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        const own = headers["content-security-policy"];
        headers["content-security-policy"] = [
          ...(Array.isArray(own) ? own : own ? [own] : []),
          "script-src 'none'",
        ].join(", ");
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", (error) => {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`no-script proxy: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
