import { describe, expect, it } from "vitest";
import { startApi } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

describe("GET /api/status", () => {
  it("answers ok with a message and the server time after a database round trip", async () => {
    const before = Date.now();
    const response = await api.request("/api/status");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      message: expect.any(String),
      timestamp: expect.any(Number),
    });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(body.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it("answers 503 unavailable when the database does not answer", async () => {
    const down = await startApi();
    try {
      await down.takeDatabaseDown();
      const response = await down.request("/api/status");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "unavailable",
        message: expect.any(String),
      });
    } finally {
      await down.close();
    }
  });
});
