import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberStatus } from "#domain/members.ts";
import type { Role } from "#domain/roles.ts";
import { bearer, expectError, signedInUser, type Tokens } from "./support/accounts.ts";
import { startApi, TEST_PLAN_LIMITS, type TestApi } from "./support/api-server.ts";
import {
  addMember,
  createTeamFor,
  ownedTeam,
  storedAccount,
  type TestTeam,
  tokensFor,
} from "./support/teams.ts";

// The real API over HTTP on a fresh database. Teams are created through the API where that is
// what is tested, and written straight to the database (tests/api/support/teams.ts) to set up
// other people's teams and members of every role and status.

let api: TestApi;
let ada: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  // Unlimited teams, so one user can own enough to page through.
  api = await startApi({ planLimits: { limitTeams: -1 } });
  ada = await signedInUser(api);
});
afterAll(() => api.close());

interface TeamItem {
  teamId: string;
  teamName: string;
  teamCreatedAt: number;
  memberRole: Role;
  [key: string]: unknown;
}
interface TeamPage {
  pagination: { lastKey: string | null };
  teams: TeamItem[];
}

function createTeam(body: unknown, tokens: Tokens = ada.tokens) {
  return api.request("/api/teams", { method: "POST", json: body, headers: bearer(tokens) });
}

async function newTeam(body: Record<string, unknown>, tokens: Tokens = ada.tokens) {
  const response = await createTeam(body, tokens);
  expect(response.status).toBe(201);
  return ((await response.json()) as { teamId: string }).teamId;
}

function getTeam(teamId: string, tokens: Tokens = ada.tokens) {
  return api.request(`/api/teams/${encodeURIComponent(teamId)}`, { headers: bearer(tokens) });
}

function listTeams(query: Record<string, string | number>, tokens: Tokens = ada.tokens) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  return api.request(`/api/teams?${search}`, { headers: bearer(tokens) });
}

async function pageAs(query: Record<string, string | number>, tokens: Tokens) {
  const response = await listTeams(query, tokens);
  expect(response.status).toBe(200);
  return (await response.json()) as TeamPage;
}

/** Every page of a listing, following lastKey. */
async function allPagesAs(query: Record<string, string | number>, tokens: Tokens) {
  const pages: TeamPage[] = [];
  let lastKey: string | null | undefined;
  do {
    const next = await pageAs(lastKey ? { ...query, lastKey } : query, tokens);
    pages.push(next);
    lastKey = next.pagination.lastKey;
  } while (lastKey && pages.length < 50);
  return pages;
}

function patchTeam(
  teamId: string,
  body: unknown,
  tokens: Tokens = ada.tokens,
  contentType = "application/json-patch+json",
) {
  return api.request(`/api/teams/${encodeURIComponent(teamId)}`, {
    method: "PATCH",
    headers: { ...bearer(tokens), "Content-Type": contentType },
    body: JSON.stringify(body),
  });
}

/** Another person's team, with a member of `role` and `status` signed in when active. */
async function teamWithMember(role: Role, status: MemberStatus = "active") {
  const { team } = await ownedTeam(api);
  const member = await addMember(api, team, { role, status });
  return { team, member, tokens: await tokensFor(api, member) };
}

describe("POST /api/teams", () => {
  it("creates a collaborative team owned by the caller, who becomes its active owner member", async () => {
    const before = api.clock.now();
    const teamId = await newTeam({ name: "  Holiday Photos  " });
    expect(teamId).toMatch(/^[0-9a-f-]{36}$/);

    const response = await getTeam(teamId);
    expect(response.status).toBe(200);
    const team = await response.json();
    const me = (await (
      await api.request("/api/users/@me", { headers: bearer(ada.tokens) })
    ).json()) as { userId: string };
    expect(team).toEqual({
      teamId,
      name: "Holiday Photos",
      description: null,
      mode: "collaborative",
      logoUrl: null,
      createdBy: me.userId,
      ownerId: me.userId,
      createdAt: expect.any(Number),
      updatedAt: team.createdAt,
      updatedBy: me.userId,
      starAlias: null,
      aliases: [],
      membersCount: 1,
      collectionsCount: 0,
      memberRole: "owner",
      membersWithoutCollections: 0,
      trashRetentionDays: 30,
    });
    expect(team.createdAt).toBeGreaterThanOrEqual(before);

    const member = await api.db
      .selectFrom("members")
      .selectAll()
      .where("team_id", "=", teamId)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      member_id: me.userId,
      user_id: me.userId,
      email: ada.email,
      // The user's own nickname when none is given.
      nickname: "Ada",
      nickname_key: "ada",
      role: "owner",
      status: "active",
      type: "other",
      joined_at: team.createdAt,
    });
    const row = await api.db
      .selectFrom("teams")
      .select("name_key")
      .where("team_id", "=", teamId)
      .executeTakeFirstOrThrow();
    expect(row.name_key).toBe("holiday photos");
  });

  it("takes a description, the creator's nickname in the team and the mode", async () => {
    const teamId = await newTeam({
      name: "Studio",
      description: "  Shots from the studio ",
      nickname: "  Countess ",
      mode: "controlled",
    });
    expect(await (await getTeam(teamId)).json()).toMatchObject({
      name: "Studio",
      description: "Shots from the studio",
      mode: "controlled",
    });
    const member = await api.db
      .selectFrom("members")
      .select(["nickname", "nickname_key"])
      .where("team_id", "=", teamId)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ nickname: "Countess", nickname_key: "countess" });
    // A blank description or nickname is none.
    const blank = await newTeam({ name: "Blank", description: "   ", nickname: " " });
    expect(await (await getTeam(blank)).json()).toMatchObject({ description: null });
  });

  it.each([
    [{}, /name: teamNameRequired/],
    [{ name: "  " }, /name: teamNameRequired/],
    [{ name: "A" }, /name: teamNameShort/],
    [{ name: "x".repeat(51) }, /name: teamNameLong/],
    [{ name: 7 }, /name: teamNameRequired/],
  ])("refuses the name of %o with invalidTeamName", async (body, message) => {
    const error = await expectError(await createTeam(body), 400, "invalidTeamName");
    expect(error.message).toMatch(message);
  });

  it.each([
    [{ name: "Team", description: "d".repeat(251) }, /description: teamDescriptionLong/],
    [{ name: "Team", nickname: "<script>" }, /nickname: policyNickname/],
    [{ name: "Team", mode: "open" }, /mode/],
    [{ name: "Team", ownerId: "someone-else" }, /ownerId|Unrecognized/i],
  ])("refuses %o with invalidInput", async (body, message) => {
    const error = await expectError(await createTeam(body), 400, "invalidInput");
    expect(error.message).toMatch(message);
  });

  it("is for global users only: an internal member is forbidden", async () => {
    const { team } = await ownedTeam(api);
    const crew = await addMember(api, team, { type: "internal" });
    const tokens = await tokensFor(api, crew, team.teamId);
    await expectError(await createTeam({ name: "Mine" }, tokens), 403, "forbidden");
  });

  it("needs a bearer token", async () => {
    const response = await api.request("/api/teams", { method: "POST", json: { name: "Team" } });
    await expectError(response, 401, "authorizationRequired");
  });

  it("counts the teams a user owns against the plan's limitTeams", async () => {
    const limited = await startApi({ planLimits: { limitTeams: 2 } });
    try {
      const owner = await storedAccount(limited);
      const tokens = await tokensFor(limited, owner);
      const create = (name: string, as = tokens) =>
        limited.request("/api/teams", { method: "POST", json: { name }, headers: bearer(as) });
      // Being a member of someone else's team does not count.
      const other = await ownedTeam(limited);
      await addMember(limited, other.team, { role: "admin" });
      expect((await create("First")).status).toBe(201);
      expect((await create("Second")).status).toBe(201);
      const error = await expectError(await create("Third"), 403, "quotaExceededTeams");
      expect(error.message).toMatch(/2 teams/);
      // Each user has their own count.
      expect((await create("Theirs", other.tokens)).status).toBe(201);

      const plan = await limited.request("/api/users/@me/plan", { headers: bearer(tokens) });
      expect(await plan.json()).toMatchObject({ limitTeams: 2 });
    } finally {
      await limited.close();
    }
  });

  it("holds under a race: of 10 parallel creations with room for 2, 2 are made", async () => {
    const limited = await startApi({ planLimits: { limitTeams: 2 } });
    try {
      const owner = await storedAccount(limited);
      const tokens = await tokensFor(limited, owner);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          limited.request("/api/teams", {
            method: "POST",
            json: { name: `Racing ${i}` },
            headers: bearer(tokens),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        201,
        201,
        ...Array(8).fill(403),
      ]);
      const owned = await limited.db
        .selectFrom("teams")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("owner_id", "=", owner.userId)
        .executeTakeFirstOrThrow();
      expect(Number(owned.count)).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it("allows no team at all with limitTeams 0", async () => {
    const none = await startApi({ planLimits: { limitTeams: 0 } });
    try {
      const owner = await storedAccount(none);
      const response = await none.request("/api/teams", {
        method: "POST",
        json: { name: "Team" },
        headers: bearer(await tokensFor(none, owner)),
      });
      await expectError(response, 403, "quotaExceededTeams");
    } finally {
      await none.close();
    }
  });
});

describe("GET /api/teams", () => {
  let lister: Tokens;
  const page = (query: Record<string, string | number>) => pageAs(query, lister);
  const allPages = (query: Record<string, string | number>) => allPagesAs(query, lister);
  /** The lister's teams as the list must show them, newest first. */
  let expected: { teamId: string; name: string; createdAt: number }[];
  let elsewhere: Record<
    "viewer" | "disabled" | "banned" | "left" | "rejected" | "pending",
    TestTeam
  >;

  beforeAll(async () => {
    lister = (await signedInUser(api)).tokens;
    const names = [
      ...Array.from({ length: 22 }, (_, i) => `Alpha ${String(i).padStart(2, "0")}`),
      "beta one",
      "BETA two",
      "50% off",
    ];
    // Creation times a day back, three teams to each instant, so ties are ordered by id.
    const base = api.clock.now() - 24 * 60 * 60_000;
    const created: { teamId: string; name: string; createdAt: number }[] = [];
    for (const [index, name] of names.entries()) {
      const teamId = await newTeam({ name }, lister);
      const createdAt = base + Math.floor(index / 3) * 1000;
      await api.db
        .updateTable("teams")
        .set({ created_at: createdAt, updated_at: createdAt })
        .where("team_id", "=", teamId)
        .execute();
      created.push({ teamId, name, createdAt });
    }
    expected = created.sort((a, b) =>
      a.createdAt === b.createdAt ? (a.teamId < b.teamId ? 1 : -1) : b.createdAt - a.createdAt,
    );

    // Teams of others where the lister is a member: only an active membership lists a team.
    const listerUser = (await (
      await api.request("/api/users/@me", { headers: bearer(lister) })
    ).json()) as { userId: string; email: string };
    const membership = async (status: MemberStatus, role: Role = "viewer") => {
      const { team } = await ownedTeam(api);
      await api.db
        .insertInto("members")
        .values({
          team_id: team.teamId,
          member_id: listerUser.userId,
          user_id: listerUser.userId,
          email: listerUser.email,
          nickname: "Lister",
          nickname_key: "lister",
          role,
          status,
          type: "other",
          locale: "en",
          created_by: team.ownerId,
          created_at: api.clock.now(),
          updated_at: api.clock.now(),
          joined_at: api.clock.now(),
          invite_token_hash: null,
          invite_sent_at: null,
          invite_expires_at: null,
        })
        .execute();
      return team;
    };
    elsewhere = {
      viewer: await membership("active", "viewer"),
      disabled: await membership("disabled"),
      banned: await membership("banned"),
      left: await membership("left"),
      rejected: await membership("rejected"),
      pending: await membership("pending"),
    };
    // The viewer's team has one more active member and one disabled one.
    await addMember(api, elsewhere.viewer, { role: "uploader" });
    await addMember(api, elsewhere.viewer, { role: "admin", status: "disabled" });
  });

  /** The lister's own teams, without the one they view elsewhere. */
  const own = (teams: TeamItem[]) => teams.filter((team) => team.memberRole === "owner");

  it("answers the product's team list items", async () => {
    const { teams } = await page({ limit: 100 });
    const viewed = teams.find((team) => team.teamId === elsewhere.viewer.teamId);
    expect(viewed).toEqual({
      teamId: elsewhere.viewer.teamId,
      teamName: elsewhere.viewer.name,
      teamMode: "collaborative",
      teamLogoUrl: null,
      teamCreatedBy: elsewhere.viewer.ownerId,
      teamOwnerId: elsewhere.viewer.ownerId,
      teamCreatedAt: expect.any(Number),
      teamUpdatedAt: expect.any(Number),
      teamUpdatedBy: elsewhere.viewer.ownerId,
      teamStarAlias: null,
      // The owner, the lister and the uploader; not the disabled admin.
      teamMembersCount: 3,
      memberRole: "viewer",
      // A live team (ADR 094).
      teamDeletedAt: null,
      teamPurgeAt: null,
    });
    expect(teams.find((team) => team.teamId === expected[0]?.teamId)).toMatchObject({
      teamName: expected[0]?.name,
      teamMembersCount: 1,
      memberRole: "owner",
    });
  });

  it("lists only teams where the caller's membership is active", async () => {
    const { teams } = await page({ limit: 100 });
    const ids = teams.map((team) => team.teamId);
    expect(ids).toContain(elsewhere.viewer.teamId);
    for (const status of ["disabled", "banned", "left", "rejected", "pending"] as const) {
      expect(ids).not.toContain(elsewhere[status].teamId);
    }
    expect(own(teams).map((team) => team.teamId)).toEqual(expected.map((team) => team.teamId));
  });

  it("pages 20 at a time, newest first, with lastKey until the last page", async () => {
    const pages = await allPages({});
    expect(pages.map((p) => p.teams.length)).toEqual([20, 6]);
    expect(pages[0]?.pagination.lastKey).toEqual(expect.any(String));
    expect(pages[1]?.pagination.lastKey).toBeNull();
    const listed = pages.flatMap((p) => p.teams);
    expect(new Set(listed.map((team) => team.teamId)).size).toBe(listed.length);
    expect(own(listed).map((team) => team.teamId)).toEqual(expected.map((team) => team.teamId));
    const times = listed.map((team) => team.teamCreatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("takes a smaller or larger limit, up to 100", async () => {
    const pages = await allPages({ limit: 7 });
    expect(pages.map((p) => p.teams.length)).toEqual([7, 7, 7, 5]);
    expect(own(pages.flatMap((p) => p.teams)).map((team) => team.teamId)).toEqual(
      expected.map((team) => team.teamId),
    );
    const whole = await page({ limit: 100 });
    expect(whole.teams).toHaveLength(26);
    expect(whole.pagination.lastKey).toBeNull();
    // A page that holds the last team says so: no empty page follows.
    expect((await page({ limit: 26 })).pagination.lastKey).toBeNull();
    const almost = await page({ limit: 25 });
    const rest = await page({ limit: 25, lastKey: almost.pagination.lastKey ?? "" });
    expect(rest.teams).toHaveLength(1);
    expect(rest.pagination.lastKey).toBeNull();
  });

  it("sorts oldest first with sort=asc", async () => {
    const pages = await allPages({ sort: "asc", limit: 10 });
    expect(own(pages.flatMap((p) => p.teams)).map((team) => team.teamId)).toEqual(
      expected.map((team) => team.teamId).reverse(),
    );
    const desc = await page({ sort: "desc", limit: 100 });
    expect(own(desc.teams).map((team) => team.teamId)).toEqual(expected.map((t) => t.teamId));
  });

  it("refuses any other sort with invalidSorting", async () => {
    for (const sort of ["newest", "DESC", "", "createdAt"]) {
      await expectError(await listTeams({ sort }, lister), 400, "invalidSorting");
    }
  });

  it("searches names by prefix, in any case", async () => {
    const alpha = await allPages({ prefix: "ALPHA" });
    expect(alpha.map((p) => p.teams.length)).toEqual([20, 2]);
    expect(alpha.flatMap((p) => p.teams).every((team) => team.teamName.startsWith("Alpha"))).toBe(
      true,
    );
    const beta = await page({ prefix: "  bEtA " });
    expect(beta.teams.map((team) => team.teamName).sort()).toEqual(["BETA two", "beta one"]);
    expect((await page({ prefix: "alpha 1" })).teams).toHaveLength(10);
    expect((await page({ prefix: "lpha" })).teams).toEqual([]);
    // % and _ are letters like any other.
    expect((await page({ prefix: "50%" })).teams.map((team) => team.teamName)).toEqual(["50% off"]);
    expect((await page({ prefix: "%" })).teams).toEqual([]);
    expect((await page({ prefix: "alpha_" })).teams).toEqual([]);
    // An empty prefix is no filter.
    expect((await page({ prefix: "", limit: 100 })).teams).toHaveLength(26);
  });

  it("keeps the prefix across pages", async () => {
    const first = await page({ prefix: "alpha", limit: 15 });
    const second = await page({
      prefix: "alpha",
      limit: 15,
      lastKey: first.pagination.lastKey ?? "",
    });
    expect(first.teams).toHaveLength(15);
    expect(second.teams).toHaveLength(7);
    expect(second.pagination.lastKey).toBeNull();
  });

  it("filters by creation time with from and to (epoch ms, inclusive)", async () => {
    const times = [...new Set(expected.map((team) => team.createdAt))].sort((a, b) => a - b);
    const [first, second, third] = times as [number, number, number];
    const between = await page({ from: second, to: third, limit: 100 });
    const inRange = expected.filter((t) => t.createdAt >= second && t.createdAt <= third);
    expect(own(between.teams).map((team) => team.teamId)).toEqual(inRange.map((t) => t.teamId));
    expect(inRange).toHaveLength(6);
    const upTo = await page({ to: first, limit: 100 });
    expect(own(upTo.teams)).toHaveLength(3);
    const from = await page({ from: times.at(-1) as number, limit: 100 });
    expect(own(from.teams).every((team) => team.teamCreatedAt === times.at(-1))).toBe(true);
    expect((await page({ from: 0, to: 1 })).teams).toEqual([]);
  });

  it.each([
    [{ limit: 0 }, /limit/],
    [{ limit: 101 }, /limit/],
    [{ limit: "many" }, /limit/],
    [{ from: "yesterday" }, /from/],
    [{ from: 10, to: 5 }, /filterStartEndDateInvalid/],
    [{ lastKey: "not-a-key" }, /lastKey/],
    [{ lastKey: Buffer.from('{"a":1}').toString("base64url") }, /lastKey/],
  ])("refuses %o with invalidInput", async (query, message) => {
    const error = await expectError(
      await listTeams(query as Record<string, string | number>, lister),
      400,
      "invalidInput",
    );
    expect(error.message).toMatch(message);
  });

  it("is empty for a user with no team", async () => {
    const { tokens } = await signedInUser(api);
    expect(await pageAs({}, tokens)).toEqual({ pagination: { lastKey: null }, teams: [] });
  });

  it("needs a bearer token", async () => {
    await expectError(await api.request("/api/teams"), 401, "authorizationRequired");
  });
});

describe("GET /api/teams/{teamId}", () => {
  it("answers the team to every active member, with their own role", async () => {
    for (const role of ["admin", "uploader", "upviewer", "viewer"] as const) {
      const { team, tokens } = await teamWithMember(role);
      const response = await getTeam(team.teamId, tokens);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        teamId: team.teamId,
        name: team.name,
        ownerId: team.ownerId,
        membersCount: 2,
        memberRole: role,
      });
    }
  });

  it("is notFound for a team that does not exist and for one the caller is not in", async () => {
    const { team } = await ownedTeam(api);
    await expectError(await getTeam(team.teamId), 404, "notFound");
    await expectError(await getTeam("00000000-0000-4000-8000-000000000000"), 404, "notFound");
    await expectError(await getTeam("no-such-alias"), 404, "notFound");
  });

  it.each(["disabled", "banned", "left", "rejected", "pending"] as const)(
    "is notFound for a %s member, exactly as for a stranger",
    async (status) => {
      const { team } = await ownedTeam(api);
      const member = await addMember(api, team, { role: "admin", status });
      const tokens = await tokensFor(api, member);
      const error = await expectError(await getTeam(team.teamId, tokens), 404, "notFound");
      const stranger = await expectError(await getTeam(team.teamId), 404, "notFound");
      expect(error.message).toBe(stranger.message);
    },
  );

  it("finds a team by any of its aliases, in any case", async () => {
    const owner = await storedAccount(api);
    const team = await createTeamFor(api, owner, { alias: "found-by-alias" });
    const tokens = await tokensFor(api, owner);
    for (const name of ["found-by-alias", "FOUND-by-Alias"]) {
      const response = await getTeam(name, tokens);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        teamId: team.teamId,
        starAlias: "found-by-alias",
        aliases: ["found-by-alias"],
      });
    }
  });

  it("needs a bearer token", async () => {
    const teamId = await newTeam({ name: "Private" });
    await expectError(await api.request(`/api/teams/${teamId}`), 401, "authorizationRequired");
  });
});

describe("PATCH /api/teams/{teamId}", () => {
  let teamId: string;

  beforeAll(async () => {
    teamId = await newTeam({ name: "Before", description: "Old words" });
  });

  it("renames, describes and switches the mode, recording who and when", async () => {
    const before = (await (await getTeam(teamId)).json()) as { updatedAt: number };
    api.clock.advance(5);
    const response = await patchTeam(teamId, [
      { op: "replace", path: "/name", value: "  After  " },
      { op: "replace", path: "/description", value: " New words " },
      { op: "replace", path: "/mode", value: "controlled" },
    ]);
    expect(response.status).toBe(200);
    const team = await response.json();
    expect(team).toMatchObject({
      teamId,
      name: "After",
      description: "New words",
      mode: "controlled",
      memberRole: "owner",
    });
    expect(team.updatedAt).toBeGreaterThan(before.updatedAt);
    expect(await (await getTeam(teamId)).json()).toEqual(team);
    // The search key follows the name.
    const found = await pageAs({ prefix: "after", limit: 100 }, ada.tokens);
    expect(found.teams.map((item) => item.teamId)).toContain(teamId);
  });

  it("removes the description, or empties it with a blank", async () => {
    let response = await patchTeam(teamId, [{ op: "remove", path: "/description" }]);
    expect(await response.json()).toMatchObject({ description: null });
    await patchTeam(teamId, [{ op: "replace", path: "/description", value: "Again" }]);
    response = await patchTeam(teamId, [{ op: "replace", path: "/description", value: "  " }]);
    expect(await response.json()).toMatchObject({ description: null });
    response = await patchTeam(teamId, [{ op: "replace", path: "/description", value: null }]);
    expect(await response.json()).toMatchObject({ description: null });
  });

  it("takes application/json too, and an empty patch changes nothing", async () => {
    const before = await (await getTeam(teamId)).json();
    const response = await patchTeam(teamId, [], ada.tokens, "application/json");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
  });

  it("lets an administrator change the team, as its updater", async () => {
    const { team, member, tokens } = await teamWithMember("admin");
    const response = await patchTeam(
      team.teamId,
      [{ op: "replace", path: "/name", value: "Renamed by admin" }],
      tokens,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Renamed by admin",
      updatedBy: member.userId,
      memberRole: "admin",
    });
  });

  it("changes a team named by its alias", async () => {
    const owner = await storedAccount(api);
    const team = await createTeamFor(api, owner, { alias: "patch-by-alias" });
    const response = await patchTeam(
      "PATCH-BY-ALIAS",
      [{ op: "replace", path: "/mode", value: "controlled" }],
      await tokensFor(api, owner),
    );
    expect(await response.json()).toMatchObject({ teamId: team.teamId, mode: "controlled" });
  });

  it.each(["uploader", "upviewer", "viewer"] as const)("is forbidden to a %s", async (role) => {
    const { team, tokens } = await teamWithMember(role);
    const response = await patchTeam(
      team.teamId,
      [{ op: "replace", path: "/name", value: "Mine now" }],
      tokens,
    );
    await expectError(response, 403, "forbidden");
    expect((await (await getTeam(team.teamId, tokens)).json()).name).toBe(team.name);
  });

  it("is notFound for a stranger and for a disabled administrator", async () => {
    const { team } = await ownedTeam(api);
    const rename = [{ op: "replace", path: "/name", value: "Taken over" }];
    await expectError(await patchTeam(team.teamId, rename), 404, "notFound");
    const admin = await addMember(api, team, { role: "admin", status: "disabled" });
    await expectError(
      await patchTeam(team.teamId, rename, await tokensFor(api, admin)),
      404,
      "notFound",
    );
  });

  it.each([
    [{ op: "replace", path: "/name", value: "Renamed" }],
    [[{ op: "add", path: "/name", value: "Added" }]],
    [[{ op: "remove", path: "/name" }]],
    [[{ op: "remove", path: "/mode" }]],
    [[{ op: "replace", path: "/ownerId", value: "someone" }]],
    [[{ op: "replace", path: "/starAlias", value: "other" }]],
    [[{ op: "replace", path: "/aliases/0", value: "other" }]],
    [[{ op: "replace", path: "/name" }]],
    [[{ op: "move", from: "/name", path: "/description" }]],
    [[{ op: "test", path: "/name", value: "After" }]],
    [["replace"]],
    [Array.from({ length: 21 }, () => ({ op: "replace", path: "/mode", value: "controlled" }))],
  ])("answers invalidPatch to %j", async (body) => {
    await expectError(await patchTeam(teamId, body), 400, "invalidPatch");
  });

  it.each([
    [[{ op: "replace", path: "/name", value: "A" }], "invalidTeamName", /name: teamNameShort/],
    [[{ op: "replace", path: "/name", value: " " }], "invalidTeamName", /teamNameRequired/],
    [[{ op: "replace", path: "/name", value: 7 }], "invalidTeamName", /name/],
    [
      [{ op: "replace", path: "/description", value: "d".repeat(251) }],
      "invalidInput",
      /description: teamDescriptionLong/,
    ],
    [[{ op: "replace", path: "/mode", value: "open" }], "invalidInput", /mode/],
  ])("refuses the values of %j", async (body, code, message) => {
    const error = await expectError(await patchTeam(teamId, body), 400, code);
    expect(error.message).toMatch(message);
  });

  it("needs a bearer token", async () => {
    const response = await api.request(`/api/teams/${teamId}`, {
      method: "PATCH",
      json: [{ op: "replace", path: "/name", value: "Anon" }],
    });
    await expectError(response, 401, "authorizationRequired");
  });
});

describe("GET /api/users/@me/plan", () => {
  it("answers the default plan with the configured limits", async () => {
    const response = await api.request("/api/users/@me/plan", { headers: bearer(ada.tokens) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      planId: "free",
      type: "free",
      price: 0,
      billingInterval: "monthly",
      badge: null,
      status: "active",
      availableFrom: null,
      expiresDate: null,
      features: [],
      trashRetentionDays: 30,
      ...TEST_PLAN_LIMITS,
      limitTeams: -1,
    });
    await expectError(await api.request("/api/users/@me/plan"), 401, "authorizationRequired");
  });
});

describe("the team routes in /api/openapi.json", () => {
  it("are documented with bearer security", async () => {
    const doc = await (await api.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/teams",
        "/api/teams/{teamId}",
        "/api/teams/{teamId}/aliases",
        "/api/users/@me/plan",
      ]),
    );
    expect(doc.paths["/api/teams"].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/teams"].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/teams/{teamId}"].patch.security).toEqual([{ bearer: [] }]);
    const query = doc.paths["/api/teams"].get.parameters.map((p: { name: string }) => p.name);
    expect(query).toEqual(
      expect.arrayContaining(["lastKey", "limit", "prefix", "from", "to", "sort"]),
    );
  });
});

describe("the log", () => {
  it("holds no errors", async () => {
    expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
