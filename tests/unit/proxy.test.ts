import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedRequest, trustedRequestId } from "../../server/proxy.ts";

const internal = "http://127.0.0.1:3000/teams?x=1";
const socket = { socket: { remoteAddress: "10.0.0.2" } } as IncomingMessage;

describe("forwardedRequest", () => {
  const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "photos.example.com" };

  it("takes scheme and host from the proxy when trusted", () => {
    const request = forwardedRequest(new Request(internal, { headers }), true);
    expect(request.url).toBe("https://photos.example.com/teams?x=1");
  });

  it("keeps a forwarded port, and drops the internal one when none is forwarded", () => {
    const withPort = forwardedRequest(
      new Request(internal, {
        headers: { ...headers, "X-Forwarded-Host": "photos.example.com:8443" },
      }),
      true,
    );
    expect(withPort.url).toBe("https://photos.example.com:8443/teams?x=1");
  });

  it("uses the first value of a list, and refuses a host that is not a host", () => {
    const listed = forwardedRequest(
      new Request(internal, {
        headers: { "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "a.example, b.example" },
      }),
      true,
    );
    expect(listed.url).toBe("https://a.example/teams?x=1");
    const bogus = forwardedRequest(
      new Request(internal, { headers: { "X-Forwarded-Host": "evil.example/path@x" } }),
      true,
    );
    expect(bogus.url).toBe(internal);
  });

  it("ignores a host that looks like one but does not parse, instead of throwing (a 500)", () => {
    for (const host of ["photos.example.com:99999", "999.1.1.1", "1.2.3.4.5", "10.0.0.256:80"]) {
      const request = forwardedRequest(
        new Request(internal, {
          headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": host },
        }),
        true,
      );
      expect(request.url, host).toBe("https://127.0.0.1:3000/teams?x=1");
    }
  });

  it("ignores the headers without TRUST_PROXY", () => {
    const request = new Request(internal, { headers });
    expect(forwardedRequest(request, false)).toBe(request);
  });

  it("keeps the method and body of a forwarded POST", async () => {
    const request = forwardedRequest(
      new Request(internal, { method: "POST", headers, body: "a=1" }),
      true,
    );
    expect(request.method).toBe("POST");
    expect(await request.text()).toBe("a=1");
  });
});

describe("clientAddress", () => {
  const request = new Request(internal, { headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.7" } });

  it("is the socket's address without TRUST_PROXY, whatever the headers say", () => {
    expect(clientAddress(request, socket, false)).toBe("10.0.0.2");
  });

  it("is the address the proxy appended last when trusted, not what the client claimed", () => {
    expect(clientAddress(request, socket, true)).toBe("203.0.113.7");
  });

  it("falls back to the socket when a trusted proxy sent no header", () => {
    expect(clientAddress(new Request(internal), socket, true)).toBe("10.0.0.2");
  });

  const key = "k".repeat(48);
  const relayed = (headers: Record<string, string>) => new Request(internal, { headers });

  it("is the visitor our web tier names, when the web-tier key vouches for it", () => {
    const fromWeb = relayed({ "X-Client-IP": "198.51.100.4", "X-Web-Tier-Key": key });
    expect(clientAddress(fromWeb, socket, false, key)).toBe("198.51.100.4");
    expect(clientAddress(fromWeb, socket, true, key)).toBe("198.51.100.4");
  });

  it("ignores X-Client-IP with a wrong, missing or shorter key", () => {
    for (const presented of ["x".repeat(48), "", key.slice(1)]) {
      const forged = relayed({ "X-Client-IP": "198.51.100.4", "X-Web-Tier-Key": presented });
      expect(clientAddress(forged, socket, false, key)).toBe("10.0.0.2");
    }
    expect(clientAddress(relayed({ "X-Client-IP": "198.51.100.4" }), socket, false, key)).toBe(
      "10.0.0.2",
    );
  });
});

describe("trustedRequestId", () => {
  const key = "k".repeat(48);
  const withId = (id: string, headers: Record<string, string> = {}) =>
    new Request(internal, { headers: { "X-Request-Id": id, ...headers } });
  const nginxId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

  it("is the proxy's id with TRUST_PROXY", () => {
    expect(trustedRequestId(withId(nginxId), true, key)).toBe(nginxId);
  });

  it("is the web tier's id when the web-tier key vouches for it", () => {
    const uuid = "6f1c1f36-4a55-4d1f-9d0c-0c3a3b1d2e4f";
    expect(trustedRequestId(withId(uuid, { "X-Web-Tier-Key": key }), false, key)).toBe(uuid);
  });

  it("is ignored from anyone else, or with a wrong key", () => {
    expect(trustedRequestId(withId(nginxId), false, key)).toBeUndefined();
    expect(
      trustedRequestId(withId(nginxId, { "X-Web-Tier-Key": "x".repeat(48) }), false, key),
    ).toBeUndefined();
  });

  it("is ignored when it is not shaped like an id, trusted or not", () => {
    for (const bad of [
      "short",
      "x".repeat(129),
      "id with spaces",
      'a"},{"level":60,"msg":"forged',
      "é".repeat(10),
    ]) {
      expect(trustedRequestId(withId(bad), true, key)).toBeUndefined();
    }
  });
});
