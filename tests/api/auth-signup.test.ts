import { describe, expect, it } from "vitest";
import { CODE_MAX_ATTEMPTS } from "#api/auth/codes.ts";
import { CONSENT } from "#tests/support/consent.ts";
import {
  bearer,
  codeOf,
  confirmedUser,
  expectError,
  newEmail,
  PASSWORD,
  post,
  signedInUser,
  signUp,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

const HOUR_MS = 60 * 60 * 1000;

describe("POST /api/auth/signup", () => {
  it("creates an unconfirmed account and mails a six-digit code with a verify link", async () => {
    const email = newEmail("grace");
    const response = await post(api, "/auth/signup", {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      nickname: "Grace",
      locale: "en",
      ...CONSENT,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { username: string; email: string };
    expect(body).toEqual({ username: expect.any(String), email, signUpProof: expect.any(String) });

    const row = await api.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: body.username,
      email_verified: 0,
      nickname: "Grace",
      user_scope: "global",
      team_id: null,
      provider: "password",
      locale: "en",
      must_change_password: 0,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const mail = await api.smtp.waitForMail(email);
    expect(mail.subject).toBe("Your Raccolta verification code");
    expect(mail.from).toBe("no-reply@raccolta.test");
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    const link = new URL(mail.links[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/verify`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ email, code, username: body.username });
    // Both parts carry the code; the HTML one links to the same page.
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain(`href="${mail.links[0]?.replaceAll("&", "&amp;")}"`);
    // The code is stored as a keyed hash, never as typed.
    const stored = await api.db
      .selectFrom("email_codes")
      .selectAll()
      .where("user_id", "=", row.user_id)
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe("verify");
    expect(stored.code_hash).not.toContain(code);
  });

  it("writes the mail in Italian for an Italian sign-up", async () => {
    const { mail } = await signUp(api, newEmail("giulia"), { locale: "it" });
    expect(mail.subject).toBe("Il tuo codice di verifica Raccolta");
    expect(mail.text).toContain("Conferma la tua email");
    expect(mail.html).toContain('<html lang="it">');
  });

  it("answers userAlreadyExists for an email that has a confirmed account, whatever its case", async () => {
    const { email } = await confirmedUser(api);
    const again = await post(api, "/auth/signup", {
      email: email.toUpperCase(),
      password: PASSWORD,
      nickname: "Someone",
      locale: "en",
      ...CONSENT,
    });
    await expectError(again, 409, "userAlreadyExists");
  });

  it("validates with the domain rules and names the message keys", async () => {
    const response = await post(api, "/auth/signup", {
      email: "not-an-email",
      password: "password",
      nickname: "X",
      locale: "en",
    });
    const body = await expectError(response, 400, "invalidInput");
    expect(body.message).toContain("email: invalidEmail");
    expect(body.message).toContain("password: policyPassword");
    expect(body.message).toContain("nickname: nicknameShort");
  });

  it("refuses unknown fields and unknown locales", async () => {
    const base = { email: newEmail(), password: PASSWORD, nickname: "Ada", ...CONSENT };
    await expectError(
      await post(api, "/auth/signup", { ...base, admin: true }),
      400,
      "invalidInput",
    );
    await expectError(
      await post(api, "/auth/signup", { ...base, locale: "fr" }),
      400,
      "invalidInput",
    );
  });
});

describe("the minimum age and the terms at sign-up (ADR 096)", () => {
  const account = () => ({ email: newEmail(), password: PASSWORD, nickname: "Ada", locale: "en" });

  it.each([
    ["without the age", { termsVersion: "2026-11-22", privacyVersion: "2026-11-22" }],
    ["with the age unconfirmed", { ...CONSENT, ageConfirmed: false }],
    ["without the terms' version", { ageConfirmed: true, privacyVersion: "2026-11-22" }],
    ["with a version that is not a date", { ...CONSENT, privacyVersion: "latest" }],
  ])("makes no account %s", async (_, consent) => {
    const body = { ...account(), ...consent };
    await expectError(await post(api, "/auth/signup", body), 400, "invalidInput");
    const row = await api.db
      .selectFrom("users")
      .select("user_id")
      .where("email", "=", body.email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("stores the versions accepted and when the age was confirmed", async () => {
    const body = { ...account(), ...CONSENT, termsVersion: "2026-11-23" };
    const before = api.clock.now();
    expect((await post(api, "/auth/signup", body)).status).toBe(201);
    const row = await api.db
      .selectFrom("users")
      .select(["terms_version", "privacy_version", "age_confirmed_at"])
      .where("email", "=", body.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ terms_version: "2026-11-23", privacy_version: "2026-11-22" });
    expect(Number(row.age_confirmed_at)).toBeGreaterThanOrEqual(before);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("confirms the email with the mailed code, after which sign-in works", async () => {
    const { email, username, code } = await signUp(api);
    const before = await post(api, "/auth/signin", { email, password: PASSWORD });
    const refused = await expectError(before, 403, "notConfirmed");
    // The password was right, so the body names what the verify page needs.
    expect(refused).toMatchObject({ email, username });

    const response = await post(api, "/auth/verify-email", { email, username, code });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await post(api, "/auth/signin", { email, password: PASSWORD })).status).toBe(200);

    // Following the link twice is not an error.
    expect((await post(api, "/auth/verify-email", { email, username, code })).status).toBe(200);
  });

  it("answers wrongVerificationCode for a wrong code, username or email", async () => {
    const { email, username, code } = await signUp(api);
    const wrong = code === "000000" ? "111111" : "000000";
    await expectError(
      await post(api, "/auth/verify-email", { email, username, code: wrong }),
      400,
      "wrongVerificationCode",
    );
    await expectError(
      await post(api, "/auth/verify-email", { email, username: "someone-else", code }),
      400,
      "wrongVerificationCode",
    );
    await expectError(
      await post(api, "/auth/verify-email", { email: newEmail("nobody"), username, code }),
      400,
      "wrongVerificationCode",
    );
  });

  it("answers expiredVerificationCode once the code is over 24 hours old", async () => {
    const { email, username, code } = await signUp(api);
    api.clock.advance(24 * HOUR_MS + 1000);
    try {
      await expectError(
        await post(api, "/auth/verify-email", { email, username, code }),
        410,
        "expiredVerificationCode",
      );
    } finally {
      api.clock.reset();
    }
  });

  it(`spends a code after ${CODE_MAX_ATTEMPTS} tries, even the right one`, async () => {
    const { email, username, code } = await signUp(api);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      await expectError(
        await post(api, "/auth/verify-email", { email, username, code: wrong }),
        400,
        "wrongVerificationCode",
      );
    }
    await expectError(
      await post(api, "/auth/verify-email", { email, username, code }),
      410,
      "expiredVerificationCode",
    );
  });
});

describe("POST /api/auth/verify-email with the sign-up's proof", () => {
  it("signs in the client that signed up, as the code confirms the address", async () => {
    const { email, username, code, signUpProof } = await signUp(api);
    const response = await post(api, "/auth/verify-email", { email, username, code, signUpProof });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: true; result: Tokens };
    expect(body).toEqual({
      ok: true,
      result: {
        IdToken: expect.any(String),
        TokenType: "Bearer",
        AccessToken: expect.any(String),
        ExpiresIn: expect.any(Number),
        RefreshToken: expect.any(String),
      },
    });
    const me = await api.request("/api/users/@me", { headers: bearer(body.result) });
    expect(await me.json()).toMatchObject({ email, username });

    // Once: a second click confirms nothing more and signs nobody in, proof or not.
    const again = await post(api, "/auth/verify-email", { email, username, code, signUpProof });
    expect(await again.json()).toEqual({ ok: true });
  });

  it("signs nobody in for a bare code, another sign-up's proof, or an expired proof", async () => {
    const bare = await signUp(api);
    const other = await signUp(api);
    const withoutProof = await post(api, "/auth/verify-email", {
      email: bare.email,
      username: bare.username,
      code: bare.code,
    });
    expect(await withoutProof.json()).toEqual({ ok: true });

    const borrowed = await post(api, "/auth/verify-email", {
      email: other.email,
      username: other.username,
      code: other.code,
      signUpProof: bare.signUpProof,
    });
    expect(await borrowed.json()).toEqual({ ok: true });

    const late = await signUp(api);
    try {
      // A new code near the end of the day, used just after the proof's day is over.
      api.clock.advance(23 * HOUR_MS);
      await post(api, "/auth/resend-code", { email: late.email });
      const fresh = await api.smtp.waitForMail(late.email);
      api.clock.advance(HOUR_MS + 1000);
      const expired = await post(api, "/auth/verify-email", {
        email: late.email,
        username: late.username,
        code: codeOf(fresh),
        signUpProof: late.signUpProof,
      });
      // The newer code still confirms the address; the day-old proof signs nobody in.
      expect(await expired.json()).toEqual({ ok: true });
    } finally {
      api.clock.reset();
    }
  });

  it("refuses the proof without the right code, and takes no other kind of token for it", async () => {
    const { email, username, code, signUpProof } = await signUp(api);
    const wrong = code === "000000" ? "111111" : "000000";
    await expectError(
      await post(api, "/auth/verify-email", { email, username, code: wrong, signUpProof }),
      400,
      "wrongVerificationCode",
    );
    const someone = await signedInUser(api);
    const response = await post(api, "/auth/verify-email", {
      email,
      username,
      code,
      signUpProof: someone.tokens.AccessToken,
    });
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("POST /api/auth/resend-code", () => {
  it("mails a new code that replaces the old one", async () => {
    const { email, username, code: first } = await signUp(api);
    const response = await post(api, "/auth/resend-code", { email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    const second = codeOf(await api.smtp.waitForMail(email));
    if (second !== first) {
      await expectError(
        await post(api, "/auth/verify-email", { email, username, code: first }),
        400,
        "wrongVerificationCode",
      );
    }
    expect((await post(api, "/auth/verify-email", { email, username, code: second })).status).toBe(
      200,
    );
  });

  it("gives an expired code's owner a fresh one", async () => {
    const { email, username } = await signUp(api);
    api.clock.advance(25 * HOUR_MS);
    try {
      await post(api, "/auth/resend-code", { email });
      const code = codeOf(await api.smtp.waitForMail(email));
      expect((await post(api, "/auth/verify-email", { email, username, code })).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("answers invalidEmail for a malformed email, invalidInput for a malformed code request", async () => {
    await expectError(await post(api, "/auth/resend-code", { email: "nope" }), 400, "invalidEmail");
    await expectError(
      await post(api, "/auth/verify-email", { email: newEmail(), username: "u" }),
      400,
      "invalidInput",
    );
  });

  it("answers the same for an unknown or confirmed email, and mails nothing", async () => {
    const unknown = newEmail("nobody");
    const response = await post(api, "/auth/resend-code", { email: unknown });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });

    const { email, username, code } = await signUp(api);
    await post(api, "/auth/verify-email", { email, username, code });
    expect((await post(api, "/auth/resend-code", { email })).status).toBe(202);

    // A later mail to a waiting account arrives; none went to the other two.
    const waiting = await signUp(api);
    await post(api, "/auth/resend-code", { email: waiting.email });
    await api.smtp.waitForMail(waiting.email);
    expect(api.smtp.mailTo(unknown)).toEqual([]);
    expect(api.smtp.mailTo(email)).toHaveLength(1);
  });
});
