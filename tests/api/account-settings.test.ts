import { describe, expect, it } from "vitest";
import {
  bearer,
  expectError,
  internalMember,
  PASSWORD,
  post,
  signedInUser,
  signIn,
  storedUser,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

// Account settings over real HTTP: changing the password (docs/product.md#account-settings).

const api = apiForThisFile();
/** A second API with the product's rate limits, for the tries they count. */
const limited = apiForThisFile({ rateLimits: "product" });

const NEW_PASSWORD = "Fresh-Start-42";

function changePassword(tokens: Pick<Tokens, "AccessToken">, body: unknown, on: typeof api = api) {
  return post(on, "/users/@me/password", body, bearer(tokens));
}

function me(tokens: Pick<Tokens, "AccessToken">, on: typeof api = api) {
  return on.request("/api/users/@me", { headers: bearer(tokens) });
}

describe("POST /api/users/@me/password", () => {
  it("changes the password, ends every other session, keeps this one and mails the address", async () => {
    const user = await signedInUser(api);
    const other = await signIn(api, { email: user.email, password: PASSWORD });

    const response = await changePassword(user.tokens, {
      currentPassword: ` ${PASSWORD} `,
      newPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    // This session goes on; the other one ended, its access and its refresh token alike.
    expect((await me(user.tokens)).status).toBe(200);
    await expectError(await me(other), 401, "notAuthorized");
    await expectError(
      await post(api, "/auth/refresh", { refreshToken: other.RefreshToken }),
      401,
      "notAuthorized",
    );
    // The session that changed it refreshes as before.
    expect(
      (await post(api, "/auth/refresh", { refreshToken: user.tokens.RefreshToken })).status,
    ).toBe(200);

    // The old password no longer signs in; the new one does.
    await expectError(
      await post(api, "/auth/signin", { email: user.email, password: PASSWORD }),
      401,
      "notAuthorized",
    );
    await signIn(api, { email: user.email, password: NEW_PASSWORD });

    const mail = await api.smtp.waitForMail(user.email);
    expect(mail.subject).toBe("Your Raccolta password was changed");
    expect(mail.links).toEqual([
      `${PUBLIC_URL}/auth/forgot?${new URLSearchParams({ email: user.email })}`,
    ]);
    expect(mail.text).toContain("every other device signed in to it was signed out");
  });

  it("refuses a wrong current password with wrongPassword, changing nothing and signing no one out", async () => {
    const user = await signedInUser(api);
    const body = await expectError(
      await changePassword(user.tokens, {
        currentPassword: "Not-The-Password-1",
        newPassword: NEW_PASSWORD,
      }),
      400,
      "wrongPassword",
    );
    expect(body.message).toBe("The current password is not right");
    expect((await me(user.tokens)).status).toBe(200);
    await signIn(api, { email: user.email, password: PASSWORD });
    await expectError(
      await post(api, "/auth/signin", { email: user.email, password: NEW_PASSWORD }),
      401,
      "notAuthorized",
    );
  });

  it("refuses a new password the password rule refuses, before looking at the current one", async () => {
    const user = await signedInUser(api);
    for (const [newPassword, key] of [
      ["short1!", "passwordShort"],
      ["alllowercase-1", "policyPassword"],
      ["NoDigits-Here", "policyPassword"],
      ["", "passwordRequired"],
    ] as const) {
      const body = await expectError(
        await changePassword(user.tokens, { currentPassword: PASSWORD, newPassword }),
        400,
        "invalidInput",
      );
      expect(body.message).toContain(key);
    }
    await expectError(
      await changePassword(user.tokens, { currentPassword: PASSWORD }),
      400,
      "invalidInput",
    );
    await expectError(
      await changePassword(user.tokens, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        extra: 1,
      }),
      400,
      "invalidInput",
    );
    // Nothing changed.
    await signIn(api, { email: user.email, password: PASSWORD });
  });

  it("answers cannotChangePassword for an account that signs in through a provider", async () => {
    const user = await signedInUser(api);
    await api.db
      .updateTable("users")
      .set({ password_hash: null, provider: "google" })
      .where("email", "=", user.email)
      .execute();
    const answer = await me(user.tokens);
    expect(await answer.json()).toMatchObject({ hasPassword: false });
    await expectError(
      await changePassword(user.tokens, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
      403,
      "cannotChangePassword",
    );
  });

  it("lets an internal member change theirs (no mail: no address)", async () => {
    const member = await internalMember(api, { mustChangePassword: false });
    const tokens = await signIn(api, {
      username: member.username,
      team: member.teamId,
      password: member.password,
    });
    expect(await (await me(tokens)).json()).toMatchObject({ hasPassword: true });
    const response = await changePassword(tokens, {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    await signIn(api, { username: member.username, team: member.teamId, password: NEW_PASSWORD });
  });

  it("needs a bearer token of an open session", async () => {
    await expectError(
      await post(api, "/users/@me/password", {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
      401,
      "authorizationRequired",
    );
    const user = await signedInUser(api);
    await post(api, "/auth/signout", { accessToken: user.tokens.AccessToken });
    await expectError(
      await changePassword(user.tokens, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
      401,
      "notAuthorized",
    );
  });

  it("counts every try per account: ten in 15 minutes, parallel ones too, then tooManyRequests", async () => {
    const user = await storedUser(limited);
    const tokens = await signIn(limited, { email: user.email, password: user.password });
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        changePassword(
          tokens,
          { currentPassword: "Guess-Number-1", newPassword: NEW_PASSWORD },
          limited,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Even the right password waits for the window to pass.
    await expectError(
      await changePassword(
        tokens,
        { currentPassword: user.password, newPassword: NEW_PASSWORD },
        limited,
      ),
      429,
      "tooManyRequests",
    );
    limited.clock.advance(15 * 60 * 1000 + 1);
    const fresh = await signIn(limited, { email: user.email, password: user.password });
    const response = await changePassword(
      fresh,
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      limited,
    );
    expect(response.status).toBe(200);
  });
});
