import { describe, expect, it } from "vitest";
import {
  bearer,
  codeOf,
  expectError,
  newEmail,
  PASSWORD,
  post,
  signedInUser,
  signIn,
  signUp,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

const NEW_PASSWORD = "Fresh-Start-42";

async function forgot(email: string) {
  const response = await post(api, "/auth/forgot-password", { email });
  expect(response.status).toBe(202);
  return response.json();
}

async function resetCode(email: string) {
  await forgot(email);
  const mail = await api.smtp.waitForMail(email);
  return { mail, code: codeOf(mail) };
}

describe("POST /api/auth/forgot-password", () => {
  it("mails a reset code and a link to /auth/reset", async () => {
    const { email } = await signedInUser(api);
    const { mail, code } = await resetCode(email);
    expect(mail.subject).toBe("Reset your Raccolta password");
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.links).toEqual([
      `${PUBLIC_URL}/auth/reset?${new URLSearchParams({ email, code })}`,
    ]);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
  });

  it("answers the same for an unknown email, and mails nothing there", async () => {
    const unknown = newEmail("nobody");
    const { email } = await signedInUser(api);
    expect(await forgot(unknown)).toEqual(await forgot(email));
    await api.smtp.waitForMail(email);
    expect(api.smtp.mailTo(unknown)).toEqual([]);
  });
});

describe("the reset mail's code, typed", () => {
  /** The code as a person reads it: the mail's line of six digits, not the link's. */
  function typedCode(text: string) {
    const lines = text.split("\n").filter((line) => /^\d{6}$/.test(line.trim()));
    expect(lines).toHaveLength(1);
    return (lines[0] ?? "").trim();
  }

  it.each([
    ["en", "enter this code on the page where you asked for it"],
    ["it", "inserisci questo codice nella pagina dove l'hai chiesto"],
  ] as const)(
    "says where to type it (%s), and resets the password with the email",
    async (locale, where) => {
      const { email } = await signUp(api, newEmail(`typed-${locale}`), { locale });
      await forgot(email);
      const mail = await api.smtp.waitForMail(email);
      expect(mail.text).toContain(where);
      const code = typedCode(mail.text);
      expect(code).toBe(codeOf(mail));
      const response = await post(api, "/auth/reset-password", {
        email,
        code: ` ${code} `,
        newPassword: NEW_PASSWORD,
      });
      expect(response.status).toBe(200);
      await signIn(api, { email, password: NEW_PASSWORD });
    },
  );
});

it("POST /api/auth/forgot-password answers invalidEmail for a malformed email (ADR 088)", async () => {
  await expectError(
    await post(api, "/auth/forgot-password", { email: "nope" }),
    400,
    "invalidEmail",
  );
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password and closes every session of the account", async () => {
    const user = await signedInUser(api);
    const { code } = await resetCode(user.email);
    const response = await post(api, "/auth/reset-password", {
      email: user.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    await expectError(
      await api.request("/api/users/@me", { headers: bearer(user.tokens) }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/refresh", { refreshToken: user.tokens.RefreshToken }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/signin", { email: user.email, password: PASSWORD }),
      401,
      "notAuthorized",
    );
    await signIn(api, { email: user.email, password: NEW_PASSWORD });
  });

  it("uses a code once", async () => {
    const { email } = await signedInUser(api);
    const { code } = await resetCode(email);
    expect(
      (await post(api, "/auth/reset-password", { email, code, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    await expectError(
      await post(api, "/auth/reset-password", { email, code, newPassword: "Other-Password-7" }),
      400,
      "wrongVerificationCode",
    );
  });

  it("answers wrongVerificationCode for a wrong code or an unknown email", async () => {
    const { email } = await signedInUser(api);
    const { code } = await resetCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    await expectError(
      await post(api, "/auth/reset-password", { email, code: wrong, newPassword: NEW_PASSWORD }),
      400,
      "wrongVerificationCode",
    );
    await expectError(
      await post(api, "/auth/reset-password", {
        email: newEmail("nobody"),
        code,
        newPassword: NEW_PASSWORD,
      }),
      400,
      "wrongVerificationCode",
    );
    // A verify code is not a reset code.
    const pending = await signUp(api);
    await expectError(
      await post(api, "/auth/reset-password", {
        email: pending.email,
        code: pending.code,
        newPassword: NEW_PASSWORD,
      }),
      400,
      "wrongVerificationCode",
    );
  });

  it("answers expiredVerificationCode after an hour", async () => {
    const { email } = await signedInUser(api);
    const { code } = await resetCode(email);
    api.clock.advance(60 * 60 * 1000 + 1000);
    try {
      await expectError(
        await post(api, "/auth/reset-password", { email, code, newPassword: NEW_PASSWORD }),
        410,
        "expiredVerificationCode",
      );
    } finally {
      api.clock.reset();
    }
  });

  it("holds the new password to the policy", async () => {
    const { email } = await signedInUser(api);
    const { code } = await resetCode(email);
    const body = await expectError(
      await post(api, "/auth/reset-password", { email, code, newPassword: "short" }),
      400,
      "invalidInput",
    );
    expect(body.message).toContain("newPassword: passwordShort");
  });

  it("confirms the email of an account that never verified it: the code proved it", async () => {
    const { email } = await signUp(api);
    const { code } = await resetCode(email);
    expect(
      (await post(api, "/auth/reset-password", { email, code, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    await signIn(api, { email, password: NEW_PASSWORD });
  });
});
