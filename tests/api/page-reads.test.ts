import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageReads } from "#api/http/page-reads.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// The real API on a fresh database, called as the host calls it for its web tier (in this
// process, with the page's shared reads: api/http/page-reads.ts, ADR 050) and over HTTP. What
// changes in the database between two calls shows which of them read it.

let api: TestApi;
let team: TestTeam;

beforeAll(async () => {
  api = await startApi();
  ({ team } = await ownedTeam(api));
});
afterAll(() => api.close());

/** A member of the team, signed in: a session of their own to close. */
async function viewer() {
  const member = await addMember(api, team, { role: "viewer", type: "internal" });
  return { member, tokens: await tokensFor(api, member, team.teamId) };
}

const teamPath = () => `/api/teams/${team.teamId}`;
const callOf = (tokens: Tokens, reads: PageReads) =>
  api.inProcess(teamPath(), bearer(tokens), reads);

describe("the reads a page's API calls share", () => {
  it("reads the session once per page: a session closed since then ends at the next page", async () => {
    const { member, tokens } = await viewer();
    const page = new Map() as PageReads;
    expect((await callOf(tokens, page)).status).toBe(200);

    await api.db
      .updateTable("sessions")
      .set({ revoked_at: api.clock.now() })
      .where("user_id", "=", member.userId)
      .execute();

    // The page's later call answers from what its first call read, as one snapshot.
    expect((await callOf(tokens, page)).status).toBe(200);
    // The next page, and any call over the network, read the session again.
    await expectError(await callOf(tokens, new Map()), 401, "notAuthorized");
    await expectError(
      await api.request(teamPath(), { headers: bearer(tokens) }),
      401,
      "notAuthorized",
    );
  });

  it("reads the team and the caller's membership once per page", async () => {
    const { member, tokens } = await viewer();
    const page = new Map() as PageReads;
    expect((await callOf(tokens, page)).status).toBe(200);
    expect([...page.keys()].sort()).toEqual([
      expect.stringMatching(/^session /),
      `team ${team.teamId} ${member.userId}`,
    ]);

    await api.db
      .updateTable("members")
      .set({ status: "left" })
      .where("team_id", "=", team.teamId)
      .where("user_id", "=", member.userId)
      .execute();

    expect((await callOf(tokens, page)).status).toBe(200);
    await expectError(await callOf(tokens, new Map()), 404, "notFound");
    await expectError(await api.request(teamPath(), { headers: bearer(tokens) }), 404, "notFound");
  });

  it("shares one read between calls of a page that run at once", async () => {
    const { tokens } = await viewer();
    const page = new Map() as PageReads;
    const answers = await Promise.all([callOf(tokens, page), callOf(tokens, page)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(page.size).toBe(2);
  });

  it("keeps each page's reads to that page, and each caller's to that caller", async () => {
    const first = await viewer();
    const second = await viewer();
    const page = new Map() as PageReads;
    expect((await callOf(first.tokens, page)).status).toBe(200);
    expect((await callOf(second.tokens, page)).status).toBe(200);
    // Two sessions and two memberships: nothing one caller read answers for the other.
    expect(page.size).toBe(4);
  });
});
