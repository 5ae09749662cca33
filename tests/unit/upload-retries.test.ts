import { describe, expect, it } from "vitest";
import { isProxyRefusal, isRetryable, retryDelayMs, retryWaitMs } from "#app/services/uploads.ts";

// The upload queue's rules for a bad network and a proxy's body limit (ADR 103).

describe("retryWaitMs", () => {
  it("asks for the offset at once after a first 409, and backs off after anything else", () => {
    expect(retryWaitMs(409, 0, 1)).toBe(0);
    expect(retryWaitMs(409, 1, 0)).toBe(retryDelayMs(1, 0));
    expect(retryWaitMs(503, 0, 0)).toBe(500);
    expect(retryWaitMs(0, 0, 1)).toBe(1_000);
  });
});

describe("retryDelayMs", () => {
  it("doubles from 1 s, with jitter between half and all of the wait", () => {
    expect(retryDelayMs(0, 0)).toBe(500);
    expect(retryDelayMs(0, 1)).toBe(1_000);
    expect(retryDelayMs(3, 0)).toBe(4_000);
    expect(retryDelayMs(3, 1)).toBe(8_000);
  });

  it("never waits more than a minute, however many tries failed", () => {
    expect(retryDelayMs(6, 1)).toBe(60_000);
    expect(retryDelayMs(500, 1)).toBe(60_000);
    expect(retryDelayMs(500, 0)).toBe(30_000);
  });
});

describe("isProxyRefusal", () => {
  it("takes a 413 that is not the API's JSON error for a proxy's body limit", () => {
    expect(isProxyRefusal(413, "<html><head><title>413 Request Entity Too Large</title>")).toBe(
      true,
    );
    expect(isProxyRefusal(413, "")).toBe(true);
    expect(isProxyRefusal(413, undefined)).toBe(true);
    expect(isProxyRefusal(413, '{"message":"too big"}')).toBe(true);
  });

  it("leaves the API's own 413s and other statuses alone", () => {
    const quota = JSON.stringify({
      statusCode: 413,
      errorCode: "quotaExceededStorage",
      message: "No room",
    });
    expect(isProxyRefusal(413, quota)).toBe(false);
    expect(isProxyRefusal(400, "<html></html>")).toBe(false);
  });
});

describe("isRetryable", () => {
  it("tries network errors, 5xx, 409, 423 and 429 again, not other 4xx", () => {
    for (const status of [0, 500, 502, 503, 504, 409, 423, 429]) {
      expect(isRetryable(status), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 410, 413, 415]) {
      expect(isRetryable(status), String(status)).toBe(false);
    }
  });
});
