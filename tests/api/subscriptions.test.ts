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

  it("answers an address already on the list as a new one, and mails it again", async () => {
    const fresh = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "barbara@example.com", ...versions },
    });
    await api.jobs.idle();
    await api.smtp.waitForMail("barbara@example.com");
    const again = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "BARBARA@example.com", ...versions, termsVersion: "2026-11-23" },
    });
    expect(again.status).toBe(fresh.status);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ email: "barbara@example.com" });
    await api.jobs.idle();
    await api.smtp.waitForMail("barbara@example.com");
    expect(api.smtp.mailTo("barbara@example.com")).toHaveLength(2);
    // What was accepted first stays.
    const row = await api.db
      .selectFrom("subscriptions")
      .select("terms_version")
      .where("email", "=", "barbara@example.com")
      .executeTakeFirstOrThrow();
    expect(row.terms_version).toBe("2026-11-22");
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

describe("the early-access confirmation and unsubscribing", () => {
  async function subscribe(email: string, locale = "en") {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email, locale, ...versions },
    });
    expect(response.status).toBe(201);
    await api.jobs.idle();
    return api.smtp.waitForMail(email);
  }

  const unsubscribe = (json: unknown) =>
    api.request("/api/subscriptions/unsubscribe", { method: "POST", json });

  const rowOf = (email: string) =>
    api.db.selectFrom("subscriptions").selectAll().where("email", "=", email).executeTakeFirst();

  it("mails a confirmation whose link and List-Unsubscribe headers unsubscribe, one click", async () => {
    const mail = await subscribe("ada@example.com", "it");
    expect(mail.subject).toBe("Sei nella lista di accesso anticipato di Raccolta");
    const link = mail.links.find((href) => href.includes("/unsubscribe?"));
    expect(link).toMatch(/^https:\/\/raccolta\.test\/unsubscribe\?email=ada%40example\.com&token=/);
    // The raw header lines: mailparser folds List-* headers into one object.
    const header = (name: string) =>
      mail.parsed.headerLines
        .find((line) => line.key === name)
        ?.line.slice(name.length + 1)
        .replace(/\s+/g, " ")
        .trim();
    expect(header("list-unsubscribe")).toBe(`<${link}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const { email, token } = Object.fromEntries(new URL(link as string).searchParams);
    const response = await unsubscribe({ email, token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: "ada@example.com" });
    // Marked at once (nothing more is sent), and deleted by a job straight after.
    await api.jobs.idle();
    expect(await rowOf("ada@example.com")).toBeUndefined();
    // The same link again: still fine, nothing to do.
    expect((await unsubscribe({ email, token })).status).toBe(200);
  });

  it("refuses a link without its token, or with another address's", async () => {
    const mail = await subscribe("alan@example.com");
    const link = new URL(mail.links.find((href) => href.includes("/unsubscribe?")) as string);
    const token = link.searchParams.get("token") as string;
    for (const body of [
      { email: "alan@example.com", token: "" },
      // Its last character changed (one in 16 tokens already ends in A).
      {
        email: "alan@example.com",
        token: `${token.slice(0, -1)}${token.endsWith("A") ? "E" : "A"}`,
      },
      { email: "grace@example.com", token },
      { email: "alan@example.com" },
    ]) {
      const response = await unsubscribe(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).errorCode).toBe(
        "token" in body ? "invalidUnsubscribe" : "invalidInput",
      );
    }
    expect((await rowOf("alan@example.com"))?.unsubscribed_at).toBeNull();
    // The address's case does not matter.
    expect((await unsubscribe({ email: "Alan@Example.com", token })).status).toBe(200);
  });

  it("welcomes back an address that left before its deletion, and keeps it", async () => {
    const mail = await subscribe("edsger@example.com");
    const link = new URL(mail.links.find((href) => href.includes("/unsubscribe?")) as string);
    await unsubscribe(Object.fromEntries(link.searchParams));
    const again = await api.request("/api/subscriptions", {
      method: "POST",
      json: { email: "edsger@example.com", ...versions },
    });
    expect(again.status).toBe(201);
    await api.jobs.idle();
    expect((await rowOf("edsger@example.com"))?.unsubscribed_at).toBeNull();
  });
});
