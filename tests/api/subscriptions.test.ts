import { describe, expect, it } from "vitest";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

const versions = { termsVersion: "2026-11-22", privacyVersion: "2026-11-22" };

describe("POST /api/subscriptions", () => {
  it("records an early-access subscription with the accepted terms and privacy versions", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "  Grace@Example.COM ", locale: "it", ...versions },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: "grace@example.com" });
    const row = await api.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("email", "=", "grace@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      terms_version: "2026-11-22",
      privacy_version: "2026-11-22",
      locale: "it",
    });
    expect(typeof row.created_at).toBe("number");
  });

  it("answers alreadySubscribed for the same email, whatever its case", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "GRACE@example.com", ...versions },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      statusCode: 409,
      errorCode: "alreadySubscribed",
    });
  });

  it("refuses a version that is not a date", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "linus@example.com", termsVersion: "latest", privacyVersion: "2026-11-22" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "invalidInput" });
  });
});
