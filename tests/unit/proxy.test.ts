import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  clientAddress,
  forwardedRequest,
  isTrustedProxy,
  NO_PROXY,
  type ProxyTrust,
  parseTrustProxy,
  trustedRequestId,
} from "../../server/proxy.ts";

const internal = "http://127.0.0.1:3000/teams?x=1";
const socket = { socket: { remoteAddress: "10.0.0.2" } } as IncomingMessage;
const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as IncomingMessage;

function trust(value: string): ProxyTrust {
  const parsed = parseTrustProxy(value);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}
/** TRUST_PROXY=1. */
const trustOne = trust("1");

describe("parseTrustProxy", () => {
  it("is off for 0 and its spellings, and when unset", () => {
    for (const value of [undefined, "", "0", "false", "no", "OFF"]) {
      expect(parseTrustProxy(value)).toEqual(NO_PROXY);
    }
  });

  it("with 1, trusts loopback and private networks only", () => {
    for (const value of ["1", "true", "yes", "on"]) {
      expect(trust(value).setting).toBe("private");
    }
    for (const proxy of [
      "127.0.0.1",
      "10.1.2.3",
      "172.17.0.1",
      "192.168.1.1",
      "::1",
      "fd00::2",
      "::ffff:10.0.0.5",
    ]) {
      expect(isTrustedProxy(trustOne, proxy), proxy).toBe(true);
    }
    for (const stranger of [
      "203.0.113.7",
      "172.32.0.1",
      "8.8.8.8",
      "2001:db8::1",
      "::ffff:8.8.8.8",
      "unknown",
    ]) {
      expect(isTrustedProxy(trustOne, stranger), stranger).toBe(false);
    }
    expect(isTrustedProxy(trustOne, undefined)).toBe(false);
  });

  it("with a list, trusts exactly the addresses and CIDR ranges it names, IPv4 and IPv6", () => {
    const listed = trust("10.0.0.5, 192.168.0.0/16,2001:db8:aa::/48");
    expect(listed.setting).toBe("list");
    for (const proxy of ["10.0.0.5", "192.168.44.1", "2001:db8:aa:1::9", "::ffff:10.0.0.5"]) {
      expect(isTrustedProxy(listed, proxy), proxy).toBe(true);
    }
    for (const stranger of ["10.0.0.6", "127.0.0.1", "172.17.0.1", "2001:db8:ab::1"]) {
      expect(isTrustedProxy(listed, stranger), stranger).toBe(false);
    }
  });

  it("names the entry that is neither an address nor a range", () => {
    expect(parseTrustProxy("maybe")).toMatch(/"maybe"/);
    expect(parseTrustProxy("10.0.0.5,10.0.0.0/33")).toMatch(/"10.0.0.0\/33"/);
    expect(parseTrustProxy("10.0.0.5,")).toMatch(/""/);
  });
});

describe("clientAddress and the proxies TRUST_PROXY names", () => {
  const forwarded = new Request(internal, {
    headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.7" },
  });

  it("ignores X-Forwarded-For from anyone TRUST_PROXY=1 does not trust", () => {
    expect(clientAddress(forwarded, from("198.51.100.9"), trustOne)).toBe("198.51.100.9");
    expect(clientAddress(forwarded, from("127.0.0.1"), trustOne)).toBe("203.0.113.7");
  });

  it("with a list, ignores it from unlisted proxies and follows a chain of listed ones", () => {
    const listed = trust("10.0.0.5,192.168.0.0/16");
    expect(clientAddress(forwarded, from("10.0.0.9"), listed)).toBe("10.0.0.9");
    expect(clientAddress(forwarded, from("10.0.0.5"), listed)).toBe("203.0.113.7");
    const chained = new Request(internal, {
      headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.7, 192.168.3.4" },
    });
    expect(clientAddress(chained, from("10.0.0.5"), listed)).toBe("203.0.113.7");
    // TRUST_PROXY=1 trusts one hop: the inner proxy is the client as far as it knows.
    expect(clientAddress(chained, from("10.0.0.5"), trustOne)).toBe("192.168.3.4");
  });

  it("keeps the socket's address when the proxy's entry is not an address", () => {
    const bogus = new Request(internal, { headers: { "X-Forwarded-For": "6.6.6.6, not-an-ip" } });
    expect(clientAddress(bogus, from("127.0.0.1"), trustOne)).toBe("127.0.0.1");
  });
});

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
    expect(clientAddress(request, socket, NO_PROXY)).toBe("10.0.0.2");
  });

  it("is the address the proxy appended last when trusted, not what the client claimed", () => {
    expect(clientAddress(request, socket, trustOne)).toBe("203.0.113.7");
  });

  it("falls back to the socket when a trusted proxy sent no header", () => {
    expect(clientAddress(new Request(internal), socket, trustOne)).toBe("10.0.0.2");
  });

  const key = "k".repeat(48);
  const relayed = (headers: Record<string, string>) => new Request(internal, { headers });

  it("is the visitor our web tier names, when the web-tier key vouches for it", () => {
    const fromWeb = relayed({ "X-Client-IP": "198.51.100.4", "X-Web-Tier-Key": key });
    expect(clientAddress(fromWeb, socket, NO_PROXY, key)).toBe("198.51.100.4");
    expect(clientAddress(fromWeb, socket, trustOne, key)).toBe("198.51.100.4");
  });

  it("ignores X-Client-IP with a wrong, missing or shorter key", () => {
    for (const presented of ["x".repeat(48), "", key.slice(1)]) {
      const forged = relayed({ "X-Client-IP": "198.51.100.4", "X-Web-Tier-Key": presented });
      expect(clientAddress(forged, socket, NO_PROXY, key)).toBe("10.0.0.2");
    }
    expect(clientAddress(relayed({ "X-Client-IP": "198.51.100.4" }), socket, NO_PROXY, key)).toBe(
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
