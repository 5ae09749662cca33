import { describe, expect, it } from "vitest";
import { CODE_MAX_ATTEMPTS } from "#api/auth/codes.ts";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import {
  codeOf,
  confirmedUser,
  expectError,
  newEmail,
  PASSWORD,
  post,
  signUp,
} from "./support/accounts.ts";
import { apiForThisFile } from "./support/file-api.ts";

/*
 * Mailed codes with the product's budgets (ADR 084): strangers' guesses are bounded per code and
 * per account a day, and cannot stop the client that holds the account; a confirmed address is
 * no oracle; a later sign-up to an unconfirmed address replaces the first one's password.
 */
const api = apiForThisFile({ rateLimits: "product" });

const DAY_S = 24 * 60 * 60;
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** `count` wrong guesses in parallel, each from an address of its own, as a botnet sends them. */
async function strangersGuess(path: string, body: Record<string, string>, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      api.requestFrom("127.0.0.1", `/api${path}`, body, api.relayedFor(`198.51.100.${i + 1}`)),
    ),
  );
  return answers.map((answer) => ({
    status: answer.status,
    errorCode: (answer.json() as { errorCode?: string }).errorCode,
    retryAfter: Number(answer.headers["retry-after"]),
  }));
}

function expectBudgetSpent(answers: Awaited<ReturnType<typeof strangersGuess>>) {
  const checked = answers.filter((answer) => answer.status !== 429);
  // The measure of ADR 084: however many addresses, a stranger gets this many checks a day.
  expect(checked).toHaveLength(DEFAULT_RATE_LIMITS.verifyEmail.account.limit);
  for (const refused of answers.filter((answer) => answer.status === 429)) {
    expect(refused.errorCode).toBe("tooManyRequests");
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(DAY_S);
  }
  // At most CODE_MAX_ATTEMPTS of them compared against the code; the rest found it spent.
  expect(checked.filter((answer) => answer.errorCode === "wrongVerificationCode").length).toBe(
    CODE_MAX_ATTEMPTS,
  );
}

describe("a mailed code's tries", () => {
  it("strangers' wrong guesses cannot stop the sign-up's client confirming, and are refused beyond the day's budget", async () => {
    const { email, username, code, signUpProof } = await signUp(api);
    const answers = await strangersGuess(
      "/auth/verify-email",
      { email, username, code: wrongFor(code) },
      30,
    );
    expectBudgetSpent(answers);
    // A stranger with the right code now is refused too: the code is spent for strangers.
    const stranger = await api.requestFrom(
      "127.0.0.1",
      "/api/auth/verify-email",
      { email, username, code },
      api.relayedFor("198.51.100.200"),
    );
    expect(stranger.status).toBe(429);

    const owner = await post(api, "/auth/verify-email", { email, username, code, signUpProof });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ ok: true, result: { TokenType: "Bearer" } });
  });

  it("the sign-up's client has a budget of its own, refused beyond it with Retry-After", async () => {
    const { email, username, code, signUpProof } = await signUp(api);
    const { limit } = DEFAULT_RATE_LIMITS.verifyEmailHolder.account;
    for (let i = 0; i < limit; i++) {
      const response = await post(api, "/auth/verify-email", {
        email,
        username,
        code: wrongFor(code),
        signUpProof,
      });
      await expectError(response, 400, "wrongVerificationCode");
    }
    const refused = await post(api, "/auth/verify-email", { email, username, code, signUpProof });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectError(refused, 429, "tooManyRequests");
  });

  it("strangers' wrong guesses cannot stop a reset from a browser that signed in before", async () => {
    const { email } = await confirmedUser(api);
    const signedIn = await post(api, "/auth/signin", { email, password: PASSWORD });
    const { device } = (await signedIn.json()) as { device: string };
    expect((await post(api, "/auth/forgot-password", { email })).status).toBe(202);
    const { code } = { code: codeOf(await api.smtp.waitForMail(email)) };
    const answers = await strangersGuess(
      "/auth/reset-password",
      { email, code: wrongFor(code), newPassword: "Another-Horse-7" },
      30,
    );
    expectBudgetSpent(answers);

    const owner = await post(api, "/auth/reset-password", {
      email,
      code,
      newPassword: "Owner-Horse-42",
      device,
    });
    expect(owner.status).toBe(200);
    expect(
      (await post(api, "/auth/signin", { email, password: "Owner-Horse-42", device })).status,
    ).toBe(200);
  });
});

describe("an address already confirmed", () => {
  it("answers ok only to its own code, and a wrong code as wrong", async () => {
    const { email, username, code } = await confirmedUser(api);
    await expectError(
      await post(api, "/auth/verify-email", { email, username, code: wrongFor(code) }),
      400,
      "wrongVerificationCode",
    );
    // The link followed twice still works.
    expect((await post(api, "/auth/verify-email", { email, username, code })).status).toBe(200);
  });
});

describe("a sign-up to an address nobody confirmed", () => {
  it("replaces the first sign-up's password and voids its code and proof", async () => {
    const email = newEmail("owner");
    const squatter = await signUp(api, email, { password: "Squatter-Horse-1" });
    const owner = await signUp(api, email, { password: "Owner-Horse-2", nickname: "Owner" });
    expect(owner.username).toBe(squatter.username);

    // The first code is void; the squatter's proof makes no holder of them.
    await expectError(
      await post(api, "/auth/verify-email", {
        email,
        username: squatter.username,
        code: squatter.code,
        signUpProof: squatter.signUpProof,
      }),
      400,
      "wrongVerificationCode",
    );
    // Nor does it make a holder of whoever holds it: its tries are a stranger's.
    expect(
      (
        await post(api, "/auth/verify-email", {
          email,
          username: owner.username,
          code: wrongFor(owner.code),
          signUpProof: squatter.signUpProof,
        })
      ).status,
    ).toBe(400);
    const confirmed = await post(api, "/auth/verify-email", {
      email,
      username: owner.username,
      code: owner.code,
      signUpProof: owner.signUpProof,
    });
    expect(await confirmed.json()).toMatchObject({ ok: true, result: { TokenType: "Bearer" } });

    await expectError(
      await post(api, "/auth/signin", { email, password: "Squatter-Horse-1" }),
      401,
      "notAuthorized",
    );
    expect((await post(api, "/auth/signin", { email, password: "Owner-Horse-2" })).status).toBe(
      200,
    );
  });

  it("drops the password of a sign-up again when the earlier sign-up's client confirms", async () => {
    const email = newEmail("owner");
    await signUp(api, email, { password: "Squatter-Horse-1" });
    const owner = await signUp(api, email, { password: "Owner-Horse-2" });
    const squatterAgain = await signUp(api, email, { password: "Squatter-Horse-3" });
    // The owner confirms from the browser that signed up, with the code last mailed to them.
    const confirmed = await post(api, "/auth/verify-email", {
      email,
      username: owner.username,
      code: squatterAgain.code,
      signUpProof: owner.signUpProof,
    });
    expect(await confirmed.json()).toEqual({ ok: true });
    for (const password of ["Squatter-Horse-3", "Owner-Horse-2"]) {
      await expectError(await post(api, "/auth/signin", { email, password }), 401, "notAuthorized");
    }
    // The owner chooses a password with a reset.
    expect((await post(api, "/auth/forgot-password", { email })).status).toBe(202);
    const code = codeOf(await api.smtp.waitForMail(email));
    const reset = await post(api, "/auth/reset-password", {
      email,
      code,
      newPassword: "Owner-Horse-4",
    });
    expect(reset.status).toBe(200);
    expect((await post(api, "/auth/signin", { email, password: "Owner-Horse-4" })).status).toBe(
      200,
    );
  });
});
