import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, expectError, post, type Tokens } from "./support/accounts.ts";
import { startApi } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Team aliases over real HTTP on a fresh database, with the default plan (two aliases a team).

const api = apiForThisFile();

/** A fresh alias per call, so tests in one file never collide. */
function fresh(name = "team") {
  return `${name}-${randomUUID().slice(0, 8)}`;
}

function addAlias(teamId: string, body: unknown, tokens: Tokens) {
  return api.request(`/api/teams/${encodeURIComponent(teamId)}/aliases`, {
    method: "POST",
    json: body,
    headers: bearer(tokens),
  });
}

async function teamOf(teamId: string, tokens: Tokens) {
  const response = await api.request(`/api/teams/${encodeURIComponent(teamId)}`, {
    headers: bearer(tokens),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { teamId: string; starAlias: string | null; aliases: string[] };
}

describe("POST /api/teams/{teamId}/aliases", () => {
  let team: TestTeam;
  let owner: Tokens;

  beforeAll(async () => {
    ({ team, tokens: owner } = await ownedTeam(api));
  });

  it("stores the alias trimmed and lowercased, and makes it the favourite", async () => {
    const alias = fresh("studio");
    const response = await addAlias(team.teamId, { alias: `  ${alias.toUpperCase()} ` }, owner);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ alias });
    expect(await teamOf(team.teamId, owner)).toMatchObject({
      starAlias: alias,
      aliases: [alias],
    });
    const row = await api.db
      .selectFrom("team_aliases")
      .selectAll()
      .where("alias", "=", alias)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ team_id: team.teamId, created_by: team.ownerId });
  });

  it("makes each new alias the favourite unless star is false; a first one always is", async () => {
    const { team: other, tokens } = await ownedTeam(api);
    const first = fresh("first");
    expect((await addAlias(other.teamId, { alias: first, star: false }, tokens)).status).toBe(201);
    expect((await teamOf(other.teamId, tokens)).starAlias).toBe(first);
    const second = fresh("second");
    expect((await addAlias(other.teamId, { alias: second, star: false }, tokens)).status).toBe(201);
    expect(await teamOf(other.teamId, tokens)).toMatchObject({
      starAlias: first,
      aliases: [first, second],
    });

    const { team: third, tokens: thirdOwner } = await ownedTeam(api);
    const one = fresh("one");
    const two = fresh("two");
    await addAlias(third.teamId, { alias: one, star: true }, thirdOwner);
    await addAlias(third.teamId, { alias: two }, thirdOwner);
    expect((await teamOf(third.teamId, thirdOwner)).starAlias).toBe(two);
  });

  it("names the team wherever its id does: reading, changing, adding aliases", async () => {
    const { team: named, tokens } = await ownedTeam(api);
    const alias = fresh("named");
    await addAlias(named.teamId, { alias }, tokens);
    expect((await teamOf(alias.toUpperCase(), tokens)).teamId).toBe(named.teamId);
    const renamed = await api.request(`/api/teams/${alias}`, {
      method: "PATCH",
      json: [{ op: "replace", path: "/name", value: "Named by alias" }],
      headers: bearer(tokens),
    });
    expect(await renamed.json()).toMatchObject({ teamId: named.teamId, name: "Named by alias" });
    const second = fresh("second");
    expect((await addAlias(alias, { alias: second }, tokens)).status).toBe(201);
    expect((await teamOf(named.teamId, tokens)).aliases).toEqual([alias, second]);
  });

  it.each([
    [{ alias: "ab" }, /alias: aliasShort/],
    [{ alias: "a".repeat(31) }, /alias: aliasLong/],
    [{ alias: "" }, /alias: aliasRequired/],
    [{ alias: "   " }, /alias: aliasRequired/],
    [{}, /alias/],
    [{ alias: "-studio" }, /alias: policyAlias/],
    [{ alias: "studio-" }, /alias: policyAlias/],
    [{ alias: "my_team" }, /alias: policyAlias/],
    [{ alias: "my team" }, /alias: policyAlias/],
    [{ alias: "équipe" }, /alias: policyAlias/],
    [{ alias: 12345 }, /alias/],
    [{ alias: "studio-x", star: "yes" }, /star/],
    [{ alias: "studio-x", teamId: "other" }, /teamId|Unrecognized/i],
  ])("refuses %o with invalidInput", async (body, message) => {
    const error = await expectError(await addAlias(team.teamId, body, owner), 400, "invalidInput");
    expect(error.message).toMatch(message);
  });

  it("refuses an alias another team has with accountAliasAlreadyExists (ADR 088)", async () => {
    const { team: other, tokens } = await ownedTeam(api);
    const alias = fresh("taken");
    expect((await addAlias(other.teamId, { alias }, tokens)).status).toBe(201);
    const { team: mine, tokens: mineOwner } = await ownedTeam(api);
    await expectError(
      await addAlias(mine.teamId, { alias }, mineOwner),
      409,
      "accountAliasAlreadyExists",
    );
    await expectError(
      await addAlias(mine.teamId, { alias: alias.toUpperCase() }, mineOwner),
      409,
      "accountAliasAlreadyExists",
    );
    expect((await teamOf(mine.teamId, mineOwner)).aliases).toEqual([]);
  });

  it("refuses an alias that is another team's id with accountAliasAlreadyExists", async () => {
    // Team ids are UUIDs, longer than any alias; a team with a short id stands in for one.
    const { owner: someone } = await ownedTeam(api);
    const shortId = fresh("legacy");
    const at = api.clock.now();
    await api.db
      .insertInto("teams")
      .values({
        team_id: shortId,
        name: "Legacy",
        name_key: "legacy",
        description: null,
        mode: "collaborative",
        logo_url: null,
        created_by: someone.userId,
        owner_id: someone.userId,
        updated_by: someone.userId,
        star_alias: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const { team: mine, tokens } = await ownedTeam(api);
    await expectError(
      await addAlias(mine.teamId, { alias: shortId }, tokens),
      409,
      "accountAliasAlreadyExists",
    );
  });

  it("answers cannotChangeAlias for an alias the team already has: aliases never change", async () => {
    const { team: mine, tokens } = await ownedTeam(api);
    const alias = fresh("fixed");
    await addAlias(mine.teamId, { alias }, tokens);
    await expectError(await addAlias(mine.teamId, { alias }, tokens), 403, "cannotChangeAlias");
    await expectError(
      await addAlias(mine.teamId, { alias: ` ${alias.toUpperCase()}` }, tokens),
      403,
      "cannotChangeAlias",
    );
    expect((await teamOf(mine.teamId, tokens)).aliases).toEqual([alias]);
    // Nor can a patch touch them.
    const patched = await api.request(`/api/teams/${mine.teamId}`, {
      method: "PATCH",
      json: [{ op: "replace", path: "/starAlias", value: "other-alias" }],
      headers: bearer(tokens),
    });
    await expectError(patched, 400, "invalidPatch");
  });

  it("is for the owner only: an administrator and every other role are forbidden", async () => {
    for (const role of ["admin", "uploader", "upviewer", "viewer"] as const) {
      const member = await addMember(api, team, { role });
      const tokens = await tokensFor(api, member);
      const error = await expectError(
        await addAlias(team.teamId, { alias: fresh(role) }, tokens),
        403,
        "forbidden",
      );
      expect(error.message).toMatch(/teamAlias/);
    }
  });

  it("is notFound for a stranger and for a member who is not active", async () => {
    const { tokens: stranger } = await ownedTeam(api);
    await expectError(await addAlias(team.teamId, { alias: fresh() }, stranger), 404, "notFound");
    await expectError(
      await addAlias("no-such-team", { alias: fresh() }, stranger),
      404,
      "notFound",
    );
    const disabled = await addMember(api, team, { role: "admin", status: "disabled" });
    await expectError(
      await addAlias(team.teamId, { alias: fresh() }, await tokensFor(api, disabled)),
      404,
      "notFound",
    );
  });

  it("needs a bearer token", async () => {
    const response = await api.request(`/api/teams/${team.teamId}/aliases`, {
      method: "POST",
      json: { alias: fresh() },
    });
    await expectError(response, 401, "authorizationRequired");
  });
});

describe("the plan's limitAliasesPerTeam", () => {
  it("allows two aliases a team by default, then answers quotaExceededAliases", async () => {
    const { team, tokens } = await ownedTeam(api);
    expect((await addAlias(team.teamId, { alias: fresh("one") }, tokens)).status).toBe(201);
    expect((await addAlias(team.teamId, { alias: fresh("two") }, tokens)).status).toBe(201);
    const third = fresh("three");
    const error = await expectError(
      await addAlias(team.teamId, { alias: third }, tokens),
      403,
      "quotaExceededAliases",
    );
    expect(error.message).toMatch(/2 aliases/);
    expect((await teamOf(team.teamId, tokens)).aliases).toHaveLength(2);
    // The refused alias is still free for another team.
    const other = await ownedTeam(api);
    expect((await addAlias(other.team.teamId, { alias: third }, other.tokens)).status).toBe(201);
  });

  it("holds under a race: of 10 parallel additions with room for 2, 2 are kept", async () => {
    const { team, tokens } = await ownedTeam(api);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        addAlias(team.teamId, { alias: fresh(`race${i}`) }, tokens),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201,
      201,
      ...Array(8).fill(403),
    ]);
    expect((await teamOf(team.teamId, tokens)).aliases).toHaveLength(2);
  });

  it("is unlimited at -1", async () => {
    const unlimited = await startApi({ planLimits: { limitAliasesPerTeam: -1 } });
    try {
      const { team, tokens } = await ownedTeam(unlimited);
      for (let i = 0; i < 5; i++) {
        const response = await unlimited.request(`/api/teams/${team.teamId}/aliases`, {
          method: "POST",
          json: { alias: fresh(`alias${i}`) },
          headers: bearer(tokens),
        });
        expect(response.status).toBe(201);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe("internal members sign in with the team's id or any alias as the team code", () => {
  it("finds the team by alias, in any case, and by id", async () => {
    const { team, tokens } = await ownedTeam(api);
    const alias = fresh("crew");
    await addAlias(team.teamId, { alias }, tokens);
    const crew = await addMember(api, team, { type: "internal" });
    for (const code of [alias, alias.toUpperCase(), ` ${alias} `, team.teamId]) {
      const response = await post(api, "/auth/signin", {
        username: crew.username,
        team: code,
        password: crew.password,
      });
      expect(response.status).toBe(200);
      const { result } = (await response.json()) as { result: Tokens };
      const me = await api.request("/api/users/@me", { headers: bearer(result) });
      expect(await me.json()).toMatchObject({ userId: crew.userId, userScope: "team" });
    }
  });

  it("refuses another team's alias, an unknown one, and none", async () => {
    const { team, tokens } = await ownedTeam(api);
    const crew = await addMember(api, team, { type: "internal" });
    const other = await ownedTeam(api);
    const otherAlias = fresh("other");
    await addAlias(other.team.teamId, { alias: otherAlias }, other.tokens);
    await addAlias(team.teamId, { alias: fresh("mine") }, tokens);
    for (const code of [otherAlias, "no-such-team", undefined]) {
      const response = await post(api, "/auth/signin", {
        username: crew.username,
        team: code,
        password: crew.password,
      });
      await expectError(response, 401, "notAuthorized");
    }
  });
});
