import { describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE } from "#api/billing/catalogue.ts";
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
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, tokensFor } from "./support/teams.ts";

// Account settings over real HTTP: changing the password (docs/product.md#account-settings) and
// deleting the account (docs/product.md#account-deletion).

const api = apiForThisFile();
/** A second API with the product's rate limits, for the tries they count. */
const limited = apiForThisFile({ rateLimits: "product" });
/** Billing on, for an account that pays; Stripe itself is never called by a deletion. */
const billed = apiForThisFile({
  billing: {
    catalogue: BUILT_IN_CATALOGUE.map((plan) => ({
      ...plan,
      stripePriceId: plan.planId === "team" ? "price_team" : null,
    })),
    stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x", apiUrl: "http://127.0.0.1:9" },
  },
});

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

function deleteAccount(tokens: Pick<Tokens, "AccessToken">, body: unknown, on: typeof api = api) {
  return post(on, "/users/@me/deletion", body, bearer(tokens));
}

describe("POST /api/users/@me/deletion", () => {
  it("deletes a member's account: memberships and sessions end, files stay with a former member", async () => {
    const { team, tokens: ownerTokens } = await ownedTeam(api);
    const member = await addMember(api, team, { role: "upviewer" });
    const collection = await insertCollection(api, team, {
      createdBy: member.userId,
      tags: [member.userId],
    });
    const file = await insertFile(api, team, collection, { uploadedBy: member.userId });
    const tokens = await tokensFor(api, member);
    const other = await tokensFor(api, member);
    // A read, to see it go.
    expect(
      (
        await api.request(`/api/teams/${team.teamId}/collections/${collection.collectionId}`, {
          headers: bearer(tokens),
        })
      ).status,
    ).toBe(200);

    const response = await deleteAccount(tokens, { password: member.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    // Every session is over, and the password signs in no more.
    await expectError(await me(tokens), 401, "notAuthorized");
    await expectError(await me(other), 401, "notAuthorized");
    await expectError(
      await post(api, "/auth/refresh", { refreshToken: other.RefreshToken }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/signin", { email: member.email, password: member.password }),
      401,
      "notAuthorized",
    );
    // The membership is gone; the file and the collection stay, by a former member.
    await expectError(
      await api.request(`/api/teams/${team.teamId}/members/${member.userId}`, {
        headers: bearer(ownerTokens),
      }),
      404,
      "notFound",
    );
    const files = await api.request(
      `/api/teams/${team.teamId}/collections/${collection.collectionId}/files`,
      { headers: bearer(ownerTokens) },
    );
    const listed = (await files.json()) as { files: Record<string, unknown>[] };
    expect(listed.files).toEqual([
      expect.objectContaining({ fileId: file.fileId, uploadedBy: member.userId, uploader: null }),
    ]);
    const shown = await api.request(
      `/api/teams/${team.teamId}/collections/${collection.collectionId}`,
      { headers: bearer(ownerTokens) },
    );
    expect(await shown.json()).toMatchObject({ creator: null, tags: [] });
    // Nothing of the person is left in the tables that name them without a foreign key.
    for (const table of ["collection_reads", "collection_tags"] as const) {
      const rows = await api.db
        .selectFrom(table)
        .select("user_id")
        .where("user_id", "=", member.userId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const users = await api.db
      .selectFrom("users")
      .select("user_id")
      .where("user_id", "=", member.userId)
      .execute();
    expect(users).toEqual([]);

    const mail = await api.smtp.waitForMail(member.email as string);
    expect(mail.subject).toBe("Your Raccolta account is deleted");
    expect(mail.text).toContain("shown as from a former member");
  });

  it("refuses an owner with accountOwnsTeams, naming the teams, and deletes nothing", async () => {
    const { owner, team, tokens } = await ownedTeam(api, { name: "Acme Photos" });
    const body = await expectError(
      await deleteAccount(tokens, { password: owner.password }),
      409,
      "accountOwnsTeams",
    );
    expect(body.teams).toEqual([{ teamId: team.teamId, name: "Acme Photos" }]);
    expect(body.message).toContain("hand each one over");
    expect((await me(tokens)).status).toBe(200);
  });

  it("refuses a wrong password with wrongPassword and a missing one with invalidInput", async () => {
    const user = await signedInUser(api);
    await expectError(
      await deleteAccount(user.tokens, { password: "Not-The-Password-1" }),
      400,
      "wrongPassword",
    );
    await expectError(await deleteAccount(user.tokens, {}), 400, "invalidInput");
    await expectError(
      await deleteAccount(user.tokens, { password: PASSWORD, extra: true }),
      400,
      "invalidInput",
    );
    expect((await me(user.tokens)).status).toBe(200);
  });

  it("asks an account without a password for its email address instead", async () => {
    const user = await signedInUser(api);
    await api.db
      .updateTable("users")
      .set({ password_hash: null, provider: "google" })
      .where("email", "=", user.email)
      .execute();
    await expectError(await deleteAccount(user.tokens, {}), 403, "emailMismatch");
    await expectError(
      await deleteAccount(user.tokens, { email: "someone.else@example.com" }),
      403,
      "emailMismatch",
    );
    const response = await deleteAccount(user.tokens, { email: ` ${user.email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    await expectError(await me(user.tokens), 401, "notAuthorized");
  });

  it("refuses an internal member: the account is the team's", async () => {
    const { team } = await ownedTeam(api);
    const crew = await addMember(api, team, { type: "internal" });
    const tokens = await tokensFor(api, crew, team.teamId);
    await expectError(await deleteAccount(tokens, { password: crew.password }), 403, "forbidden");
  });

  it("refuses an account that pays a subscription with accountHasSubscription", async () => {
    const user = await storedUser(billed);
    const tokens = await signIn(billed, { email: user.email, password: user.password });
    await billed.db
      .insertInto("billing_accounts")
      .values({
        user_id: user.userId,
        customer_id: "cus_1",
        subscription_id: "sub_1",
        plan_id: "team",
        subscription_status: "active",
        changed_at: billed.clock.now(),
      })
      .execute();
    await expectError(
      await deleteAccount(tokens, { password: user.password }, billed),
      409,
      "accountHasSubscription",
    );
    // Once cancelled, it goes.
    await billed.db
      .updateTable("billing_accounts")
      .set({ subscription_status: "canceled" })
      .where("user_id", "=", user.userId)
      .execute();
    expect((await deleteAccount(tokens, { password: user.password }, billed)).status).toBe(200);
  });

  it("racing a team's creation, either the team or the account stays, never both gone, never a 500", async () => {
    for (let round = 0; round < 6; round++) {
      const user = await signedInUser(api);
      const [created, deleted] = await Promise.all([
        api.request("/api/teams", {
          method: "POST",
          json: { name: `Race ${round}` },
          headers: bearer(user.tokens),
        }),
        deleteAccount(user.tokens, { password: PASSWORD }),
      ]);
      expect([created.status, deleted.status]).not.toContain(500);
      const owned = await api.db
        .selectFrom("teams")
        .innerJoin("users", "users.user_id", "teams.owner_id")
        .select("teams.team_id")
        .where("users.email", "=", user.email)
        .execute();
      if (deleted.status === 200) {
        expect(created.status, await created.text()).not.toBe(201);
      } else {
        await expectError(deleted, 409, "accountOwnsTeams");
        expect(created.status).toBe(201);
        expect(owned).toHaveLength(1);
      }
    }
  });

  it("two deletions at once: one deletes, the other finds no account; tries count like the password change", async () => {
    const user = await signedInUser(api);
    const answers = await Promise.all([
      deleteAccount(user.tokens, { password: PASSWORD }),
      deleteAccount(user.tokens, { password: PASSWORD }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);

    const counted = await storedUser(limited);
    const tokens = await signIn(limited, { email: counted.email, password: counted.password });
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        deleteAccount(tokens, { password: "Guess-Number-1" }, limited),
      ),
    );
    expect(guesses.map((guess) => guess.status).sort()).toEqual([
      ...Array(10).fill(400),
      ...Array(2).fill(429),
    ]);
    await expectError(
      await deleteAccount(tokens, { password: counted.password }, limited),
      429,
      "tooManyRequests",
    );
  });
});
