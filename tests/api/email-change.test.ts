import { describe, expect, it } from "vitest";
import {
  bearer,
  codeOf,
  confirmedUser,
  expectError,
  internalMember,
  newEmail,
  PASSWORD,
  post,
  signedInUser,
  signIn,
  signUp,
  storedUser,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

// Changing the email over real HTTP and real SMTP (docs/product.md#email-change, ADR 077).

const api = apiForThisFile();
/** A second API with the product's rate limits, for the asks they count. */
const limited = apiForThisFile({ rateLimits: "product" });

type Auth = Pick<Tokens, "AccessToken">;

function askChange(tokens: Auth, body: unknown, on: typeof api = api) {
  return post(on, "/users/@me/email", body, bearer(tokens));
}

function confirmChange(tokens: Auth, body: unknown, on: typeof api = api) {
  return post(on, "/users/@me/email/confirmation", body, bearer(tokens));
}

function me(tokens: Auth) {
  return api.request("/api/users/@me", { headers: bearer(tokens) });
}

describe("POST /api/users/@me/email and /confirmation", () => {
  it("mails a code to the new address, changes nothing until it comes back, then signs in only with the new one", async () => {
    const user = await signedInUser(api);
    const other = await signIn(api, { email: user.email, password: PASSWORD });
    const target = newEmail("moved");

    const asked = await askChange(user.tokens, {
      currentPassword: ` ${PASSWORD} `,
      newEmail: target,
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ ok: true });

    const mail = await api.smtp.waitForMail(target);
    expect(mail.subject).toBe("Confirm your new Raccolta email");
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.links).toEqual([
      `${PUBLIC_URL}/profile/email?${new URLSearchParams({ email: target, code })}`,
    ]);

    // Until the code comes back the account keeps its address, and signs in with it.
    expect(await (await me(user.tokens)).json()).toMatchObject({ email: user.email });
    await signIn(api, { email: user.email, password: PASSWORD });
    await expectError(
      await post(api, "/auth/signin", { email: target, password: PASSWORD }),
      401,
      "notAuthorized",
    );

    const confirmed = await confirmChange(user.tokens, { code: ` ${code} ` });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: target });
    expect(await (await me(user.tokens)).json()).toMatchObject({ email: target });
    const row = await api.db
      .selectFrom("users")
      .select(["email", "email_verified"])
      .where("email", "=", target)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);

    // This session goes on; every other one ended.
    await expectError(await me(other), 401, "notAuthorized");
    await expectError(
      await post(api, "/auth/refresh", { refreshToken: other.RefreshToken }),
      401,
      "notAuthorized",
    );

    // The new address signs in, the old one no longer does.
    await signIn(api, { email: target, password: PASSWORD });
    await expectError(
      await post(api, "/auth/signin", { email: user.email, password: PASSWORD }),
      401,
      "notAuthorized",
    );

    // The old address is told, naming the new one.
    const notice = await api.smtp.waitForMail(user.email);
    expect(notice.subject).toBe("Your Raccolta email was changed");
    expect(notice.text).toContain(`was changed to ${target}`);
    expect(notice.text).toContain("If you did not, someone who knows your password");
    expect(notice.links).toEqual([`${PUBLIC_URL}/`]);

    // The code is spent; the forgot-password of the old address mails nobody.
    await expectError(await confirmChange(user.tokens, { code }), 400, "wrongVerificationCode");
    expect((await post(api, "/auth/forgot-password", { email: user.email })).status).toBe(202);
    await expect(api.smtp.waitForMail(user.email, { timeoutMs: 500 })).rejects.toThrow();
  });

  it("writes both mails in the person's language", async () => {
    const signedUp = await signUp(api, newEmail("giulia"), { locale: "it" });
    expect(
      (
        await post(api, "/auth/verify-email", {
          email: signedUp.email,
          username: signedUp.username,
          code: signedUp.code,
        })
      ).status,
    ).toBe(200);
    const tokens = await signIn(api, { email: signedUp.email, password: PASSWORD });
    const target = newEmail("giulia.nuova");
    expect((await askChange(tokens, { currentPassword: PASSWORD, newEmail: target })).status).toBe(
      202,
    );
    const mail = await api.smtp.waitForMail(target);
    expect(mail.subject).toBe("Conferma la tua nuova email di Raccolta");
    expect(mail.html).toContain('<html lang="it">');
    expect((await confirmChange(tokens, { code: codeOf(mail) })).status).toBe(200);
    const notice = await api.smtp.waitForMail(signedUp.email);
    expect(notice.subject).toBe("L'email di Raccolta è stata cambiata");
    expect(notice.text).toContain(`è stato cambiato in ${target}`);
  });

  it("refuses an address another account has, as sign-up does, and the account's own", async () => {
    const user = await signedInUser(api);
    const taken = await confirmedUser(api);
    const unconfirmed = await signUp(api);
    for (const address of [taken.email, unconfirmed.email, user.email, taken.email.toUpperCase()]) {
      const body = await expectError(
        await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: address }),
        409,
        "userAlreadyExists",
      );
      // Exactly sign-up's words: nothing about the other account.
      expect(body.message).toBe("An account with this email already exists");
    }
    await expect(api.smtp.waitForMail(taken.email, { timeoutMs: 300 })).rejects.toThrow();
  });

  it("refuses the address if it got an account while the code was on its way", async () => {
    const user = await signedInUser(api);
    const target = newEmail("raced");
    await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: target });
    const code = codeOf(await api.smtp.waitForMail(target));
    await signUp(api, target);
    await expectError(await confirmChange(user.tokens, { code }), 409, "userAlreadyExists");
    expect(await (await me(user.tokens)).json()).toMatchObject({ email: user.email });
  });

  it("refuses a wrong password with wrongPassword, a bad address with invalidEmail, and other input with invalidInput, mailing nothing", async () => {
    const user = await signedInUser(api);
    const target = newEmail("nope");
    await expectError(
      await askChange(user.tokens, { currentPassword: "Not-The-Password-1", newEmail: target }),
      400,
      "wrongPassword",
    );
    // The address the only fault: its own code (ADR 088).
    await expectError(
      await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: "not-an-address" }),
      400,
      "invalidEmail",
    );
    for (const body of [
      { currentPassword: PASSWORD },
      { newEmail: target },
      { currentPassword: PASSWORD, newEmail: target, extra: 1 },
    ]) {
      await expectError(await askChange(user.tokens, body), 400, "invalidInput");
    }
    await expect(api.smtp.waitForMail(target, { timeoutMs: 300 })).rejects.toThrow();
  });

  it("keeps only the last ask's code, and spends a code after five wrong tries", async () => {
    const user = await signedInUser(api);
    const first = newEmail("first");
    const second = newEmail("second");
    await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: first });
    const firstCode = codeOf(await api.smtp.waitForMail(first));
    await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: second });
    const secondCode = codeOf(await api.smtp.waitForMail(second));
    const wrong = secondCode === "000000" ? "000001" : "000000";
    // The first ask's code is one of five wrong tries on the second's.
    const tries = [firstCode === secondCode ? wrong : firstCode, wrong, wrong, wrong, wrong];
    for (const code of tries) {
      await expectError(await confirmChange(user.tokens, { code }), 400, "wrongVerificationCode");
    }
    await expectError(
      await confirmChange(user.tokens, { code: secondCode }),
      410,
      "expiredVerificationCode",
    );
    expect(await (await me(user.tokens)).json()).toMatchObject({ email: user.email });
  });

  it("expires a code after 24 hours", async () => {
    const user = await signedInUser(api);
    const target = newEmail("late");
    await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: target });
    const code = codeOf(await api.smtp.waitForMail(target));
    api.clock.advance(24 * 60 * 60 * 1000 + 1);
    const fresh = await signIn(api, { email: user.email, password: PASSWORD });
    await expectError(await confirmChange(fresh, { code }), 410, "expiredVerificationCode");
  });

  it("refuses a provider's account (cannotChangeEmail) and an internal member's (forbidden)", async () => {
    const user = await signedInUser(api);
    await api.db
      .updateTable("users")
      .set({ password_hash: null, provider: "google" })
      .where("email", "=", user.email)
      .execute();
    await expectError(
      await askChange(user.tokens, { currentPassword: PASSWORD, newEmail: newEmail() }),
      403,
      "cannotChangeEmail",
    );
    const member = await internalMember(api, { mustChangePassword: false });
    const tokens = await signIn(api, {
      username: member.username,
      team: member.teamId,
      password: member.password,
    });
    await expectError(
      await askChange(tokens, { currentPassword: member.password, newEmail: newEmail() }),
      403,
      "forbidden",
    );
  });

  it("needs a bearer token", async () => {
    await expectError(
      await post(api, "/users/@me/email", { currentPassword: PASSWORD, newEmail: newEmail() }),
      401,
      "authorizationRequired",
    );
    await expectError(
      await post(api, "/users/@me/email/confirmation", { code: "123456" }),
      401,
      "authorizationRequired",
    );
  });

  it("mails at most five codes an hour per account, then tooManyRequests", async () => {
    const user = await storedUser(limited);
    const tokens = await signIn(limited, { email: user.email, password: user.password });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await askChange(
        tokens,
        { currentPassword: user.password, newEmail: newEmail(`ask${i}`) },
        limited,
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
