import { describe, expect, it } from "vitest";
import { documentedServerBlock, serverBlockFor } from "#tests/e2e/support/nginx.ts";

/*
 * The proxy project runs the nginx block of docs/operations.md on the nginx it finds (Debian 12's
 * is 1.22). This checks the block for the other side of 1.25.1 too, and what it must forward.
 */

const values = {
  port: 8443,
  upstream: "http://127.0.0.1:3000",
  certificate: "/tmp/cert.pem",
  key: "/tmp/key.pem",
};
const directives = (block: string) =>
  block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

describe("the documented nginx block", () => {
  it("sets the body limit explicitly, above the 8 MiB chunks and the form's 2 GiB (ADR 103)", () => {
    const lines = directives(documentedServerBlock());
    expect(lines.filter((line) => line.startsWith("client_max_body_size "))).toEqual([
      "client_max_body_size 2g;",
    ]);
  });

  it("forwards the host with its port, the scheme and the client address, unbuffered", () => {
    const lines = directives(documentedServerBlock());
    expect(lines).toEqual(
      expect.arrayContaining([
        "proxy_set_header Host $http_host;",
        "proxy_set_header X-Forwarded-Host $http_host;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "client_max_body_size 2g;",
        "proxy_buffering off;",
        "proxy_request_buffering off;",
      ]),
    );
    expect(lines.join("\n")).not.toContain("$host;");
  });

  it("switches HTTP/2 on with `http2 on;` from nginx 1.25.1", () => {
    const lines = directives(serverBlockFor({ version: [1, 25, 1], ...values }));
    expect(lines.filter((line) => /^(listen|http2) /.test(line))).toEqual([
      "listen 8443 ssl;",
      "http2 on;",
    ]);
  });

  it("uses `listen … ssl http2;` before 1.25.1, as Debian 12's 1.22 needs", () => {
    const lines = directives(serverBlockFor({ version: [1, 22, 1], ...values }));
    expect(lines.filter((line) => /^(listen|http2) /.test(line))).toEqual([
      "listen 8443 ssl http2;",
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "proxy_pass http://127.0.0.1:3000;",
        "ssl_certificate /tmp/cert.pem;",
        "ssl_certificate_key /tmp/key.pem;",
      ]),
    );
  });
});
