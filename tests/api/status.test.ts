import { describe, expect, it } from "vitest";
import { startApi } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { startS3Server } from "./support/s3-server.ts";

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
      uploadChunkLimitBytes: null,
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

describe("GET /api/status/ready", () => {
  it("is ready when the database and the blob store answer", async () => {
    const response = await api.request("/api/status/ready");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ok",
      message: "Ready",
      checks: { database: "ok", storage: "ok" },
      timestamp: expect.any(Number),
    });
  });

  it("is not ready while the database does not answer", async () => {
    const down = await startApi();
    try {
      await down.takeDatabaseDown();
      const response = await down.request("/api/status/ready");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "unavailable",
        checks: { database: "failed", storage: "ok" },
      });
    } finally {
      await down.close();
    }
  });

  it("is not ready while the S3 bucket cannot be reached, and is again once it can", async () => {
    const s3 = await startS3Server();
    const withS3 = await startApi({ s3 });
    try {
      expect((await withS3.request("/api/status/ready")).status).toBe(200);
      await s3.stop();
      const response = await withS3.request("/api/status/ready");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "unavailable",
        message: "Not answering: blob store",
        checks: { database: "ok", storage: "failed" },
      });
      // Liveness is not readiness: the process itself is fine.
      expect((await withS3.request("/api/status")).status).toBe(200);
    } finally {
      await withS3.close();
    }
  });

  it("fails from the moment the host is stopping, while liveness still answers", async () => {
    let stopping = false;
    const host = await startApi({ draining: () => stopping });
    try {
      expect((await host.request("/api/status/ready")).status).toBe(200);
      stopping = true;
      const response = await host.request("/api/status/ready");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "draining",
        checks: { database: "ok", storage: "ok" },
      });
      expect((await host.request("/api/status")).status).toBe(200);
    } finally {
      await host.close();
    }
  });
});
