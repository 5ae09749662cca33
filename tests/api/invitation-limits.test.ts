import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "#api/auth/rate-limit.ts";
import { bearer, expectError, newEmail, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { createTeamFor, ownedTeam, type TestTeam, type TestUser } from "./support/teams.ts";

/*
 * Invitations mailed per team and per sender a day (docs/product.md#rate-limits), with budgets
 * small enough to spend: the product's have the same shape (50 a team, 100 a sender).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const TEAM_BUDGET = 3;
const SENDER_BUDGET = 8;
const limits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  invite: {
    ip: { limit: 1000, windowMs: DAY_MS },
    account: { limit: SENDER_BUDGET, windowMs: DAY_MS },
    team: { limit: TEAM_BUDGET, windowMs: DAY_MS },
  },
};

let api: TestApi;
let owner: TestUser;
let tokens: Tokens;
let team: TestTeam;
beforeAll(async () => {
  api = await startApi({ rateLimits: limits });
  ({ owner, tokens, team } = await ownedTeam(api));
});
afterAll(() => api.close());

function invite(teamId: string, email = newEmail("invitee")) {
  return api.request(`/api/teams/${teamId}/members`, {
    method: "POST",
    headers: bearer(tokens),
    json: { email, nickname: `Invitee ${randomUUID().slice(0, 8)}`, role: "uploader" },
  });
}

describe("invitation limits", () => {
  it("hold a team to its invitations of the day under parallel requests, resends included", async () => {
    expect(DEFAULT_RATE_LIMITS.invite.team.limit).toBe(50);
    expect(DEFAULT_RATE_LIMITS.invite.account.limit).toBe(100);
    const answers = await Promise.all(Array.from({ length: 6 }, () => invite(team.teamId)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.filter((response) => response.status === 429);
    for (const response of refused) {
      const seconds = Number(response.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(DAY_MS / 1000);
      expect(await response.json()).toEqual({
        statusCode: 429,
        errorCode: "tooManyRequests",
        message: expect.stringMatching(/try again in/),
      });
    }
    const invited = await api.db
      .selectFrom("members")
      .select("member_id")
      .where("team_id", "=", team.teamId)
      .where("status", "=", "invited")
      .execute();
    expect(invited).toHaveLength(TEAM_BUDGET);

    // A resend mails too: refused once the team's day is spent.
    const resend = await api.request(`/api/teams/${team.teamId}/invitations/resend`, {
      method: "POST",
      headers: bearer(tokens),
      json: { userId: invited[0]?.member_id },
    });
    await expectError(resend, 429, "tooManyRequests");
  });

  it("hold a sender to theirs, whichever the team", async () => {
    // The first test spent 7 of the sender's 8: six invitations and a resend.
    const other = await createTeamFor(api, owner);
    expect((await invite(other.teamId)).status).toBe(201);
    const refused = await invite(other.teamId);
    await expectError(refused, 429, "tooManyRequests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
