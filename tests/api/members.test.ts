import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, expectError, newEmail, PASSWORD, post, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import {
  addMember,
  createTeamFor,
  memberPath,
  ownedTeam,
  storedAccount,
  type TestTeam,
  type TestUser,
  tokensFor,
} from "./support/teams.ts";

interface MemberBody {
  teamId: string;
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  role: string;
  status: string;
  type: string;
  createdAt: number;
  createdBy: string;
  joinedAt: number | null;
  inviteExpiresAt: number | null;
  username?: string | null;
  email?: string | null;
}
interface Credentials {
  teamAlias: string | null;
  teamId: string;
  username: string;
  password: string;
}

let api: TestApi;
let owner: TestUser;
let ownerTokens: Tokens;
let team: TestTeam;
beforeAll(async () => {
  api = await startApi();
  ({ owner, tokens: ownerTokens, team } = await ownedTeam(api, { alias: "the-crew" }));
});
afterAll(() => api.close());
afterEach(() => api.clock.reset());

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The password policy of docs/product.md#validation, spelled out here: importing the domain schemas
 * into this file before the API would create them before @hono/zod-openapi extends zod.
 */
function meetsPasswordPolicy(password: string) {
  return (
    password.length >= 8 &&
    password.length <= 100 &&
    [/[0-9]/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9\s]/].every((pattern) => pattern.test(password))
  );
}

function call(method: string, path: string, tokens: Tokens | null, json?: unknown) {
  return api.request(path, {
    method,
    headers: tokens ? bearer(tokens) : {},
    json,
  });
}
const membersOf = (t: TestTeam | string) =>
  `/api/teams/${encodeURIComponent(typeof t === "string" ? t : t.teamId)}/members`;

async function body<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
}

function patchMember(t: TestTeam, memberId: string, ops: unknown, tokens = ownerTokens) {
  return api.request(memberPath(t, memberId), {
    method: "PATCH",
    headers: { ...bearer(tokens), "Content-Type": "application/json-patch+json" },
    body: JSON.stringify(ops),
  });
}

describe("GET /api/teams/{teamId}/members", () => {
  let listed: TestTeam;
  let listedTokens: Tokens;
  beforeAll(async () => {
    const made = await ownedTeam(api, { ownerNickname: "Zed Owner" });
    listed = made.team;
    listedTokens = made.tokens;
    for (const nickname of ["anna", "Bruno", "carla", "Dario", "100%_real"]) {
      await addMember(api, listed, { nickname, role: "viewer" });
    }
    await addMember(api, listed, { nickname: "Anselmo", status: "invited", role: "uploader" });
    await addMember(api, listed, {
      nickname: "Expired One",
      status: "invited",
      inviteExpiresAt: api.clock.now() - 1,
    });
  });

  it("answers pages of Members by nickname, with pagination.lastKey until the last page", async () => {
    const seen: string[] = [];
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const query: string = lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : "";
      const page: { pagination: { lastKey: string | null }; members: MemberBody[] } = await body(
        await call("GET", `${membersOf(listed)}?limit=3${query}`, listedTokens),
        200,
      );
      expect(page.members.length).toBeLessThanOrEqual(3);
      seen.push(...page.members.map((m) => m.nickname));
      lastKey = page.pagination.lastKey;
      pages++;
    } while (lastKey !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      "100%_real",
      "anna",
      "Anselmo",
      "Bruno",
      "carla",
      "Dario",
      "Expired One",
      "Zed Owner",
    ]);
  });

  it("shows each member as the product's Member, expired invitations as invitation_expired", async () => {
    const page: { members: MemberBody[] } = await body(
      await call("GET", membersOf(listed), listedTokens),
      200,
    );
    expect(page.members).toHaveLength(8);
    const byName = Object.fromEntries(page.members.map((m) => [m.nickname, m]));
    expect(byName["Zed Owner"]).toEqual({
      teamId: listed.teamId,
      userId: listed.ownerId,
      nickname: "Zed Owner",
      avatarUrl: null,
      role: "owner",
      status: "active",
      type: "other",
      createdAt: expect.any(Number),
      createdBy: listed.ownerId,
      joinedAt: expect.any(Number),
      inviteExpiresAt: null,
    });
    expect(byName.Anselmo).toMatchObject({
      userId: expect.stringMatching(/^EMAIL#invitee\..+@example\.com$/),
      role: "uploader",
      status: "invited",
      joinedAt: null,
      inviteExpiresAt: expect.any(Number),
    });
    expect(byName["Expired One"]?.status).toBe("invitation_expired");
    // Neither the detail's fields nor the invitation's secrets are in the list.
    expect(JSON.stringify(page)).not.toMatch(/email"|username|token/i);
  });

  it("filters by nickname prefix in any case, taking % and _ literally", async () => {
    const names = async (prefix: string) => {
      const page: { members: MemberBody[] } = await body(
        await call(
          "GET",
          `${membersOf(listed)}?prefix=${encodeURIComponent(prefix)}`,
          listedTokens,
        ),
        200,
      );
      return page.members.map((m) => m.nickname);
    };
    expect(await names("AN")).toEqual(["anna", "Anselmo"]);
    expect(await names("100%_")).toEqual(["100%_real"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await names("zz")).toEqual([]);
  });

  it("pages 20 by default and 100 at most", async () => {
    const page: { members: MemberBody[]; pagination: { lastKey: string | null } } = await body(
      await call("GET", membersOf(listed), listedTokens),
      200,
    );
    expect(page.pagination.lastKey).toBeNull();
    await expectError(
      await call("GET", `${membersOf(listed)}?limit=101`, listedTokens),
      400,
      "invalidInput",
    );
    await expectError(
      await call("GET", `${membersOf(listed)}?limit=0`, listedTokens),
      400,
      "invalidInput",
    );
  });

  it("finds the team by an alias too", async () => {
    const page: { members: MemberBody[] } = await body(
      await call("GET", membersOf("THE-CREW"), ownerTokens),
      200,
    );
    expect(page.members.map((m) => m.teamId)).toContain(team.teamId);
  });

  it("needs a signed-in member: others are told the team does not exist", async () => {
    await expectError(await call("GET", membersOf(listed), null), 401, "authorizationRequired");
    await expectError(await call("GET", membersOf(listed), ownerTokens), 404, "notFound");
    await expectError(await call("GET", membersOf("no-such-team"), ownerTokens), 404, "notFound");
  });
});

describe("GET /api/teams/{teamId}/members/{userId}", () => {
  it("adds email, only for self and for those who update any member, and no username but an internal member's", async () => {
    const viewer = await addMember(api, team, { role: "viewer" });
    const admin = await addMember(api, team, { role: "admin" });
    const viewerTokens = await tokensFor(api, viewer);
    const adminTokens = await tokensFor(api, admin);

    const asOwner: MemberBody = await body(
      await call("GET", memberPath(team, viewer.memberId), ownerTokens),
      200,
    );
    // A member who signs in with their email has no username of their own: its id is not shown.
    expect(asOwner).toMatchObject({
      userId: viewer.userId,
      username: null,
      email: viewer.email,
      role: "viewer",
    });
    const asAdmin: MemberBody = await body(
      await call("GET", memberPath(team, owner.userId), adminTokens),
      200,
    );
    expect(asAdmin).toMatchObject({ role: "owner", email: owner.email });
    const self: MemberBody = await body(
      await call("GET", memberPath(team, viewer.memberId), viewerTokens),
      200,
    );
    expect(self.email).toBe(viewer.email);
    const other: MemberBody = await body(
      await call("GET", memberPath(team, admin.memberId), viewerTokens),
      200,
    );
    expect(other).toMatchObject({ userId: admin.userId, username: null, email: null });
  });

  it("shows an invitation under its EMAIL# id, without a username", async () => {
    const invited = await addMember(api, team, { status: "invited", role: "viewer" });
    const detail: MemberBody = await body(
      await call("GET", memberPath(team, invited.memberId), ownerTokens),
      200,
    );
    expect(detail).toMatchObject({
      userId: `EMAIL#${invited.email}`,
      status: "invited",
      username: null,
      email: invited.email,
    });
  });

  it("answers notFound for someone who is not in the team", async () => {
    await expectError(await call("GET", memberPath(team, "nobody"), ownerTokens), 404, "notFound");
  });
});

describe("an invitation's address, by role (docs/product.md#invitations)", () => {
  let crewTeam: TestTeam;
  let crewOwner: Tokens;
  const tokensByRole = {} as Record<"owner" | "admin" | "uploader" | "upviewer" | "viewer", Tokens>;
  let address: string;
  let other: string;

  beforeAll(async () => {
    const made = await ownedTeam(api);
    crewTeam = made.team;
    crewOwner = made.tokens;
    tokensByRole.owner = made.tokens;
    for (const role of ["admin", "uploader", "upviewer", "viewer"] as const) {
      tokensByRole[role] = await tokensFor(api, await addMember(api, crewTeam, { role }));
    }
    // The admin invites one address; the owner, through the test helper, another.
    address = newEmail("secret-invitee");
    await body(
      await call("POST", membersOf(crewTeam), tokensByRole.admin, {
        email: address,
        nickname: "Invited Ines",
        role: "viewer",
        locale: "en",
      }),
      201,
    );
    other = (await addMember(api, crewTeam, { status: "invited", nickname: "Invited Otto" }))
      .email!;
  });

  async function listed(tokens: Tokens) {
    const page: { members: MemberBody[] } = await body(
      await call("GET", membersOf(crewTeam), tokens),
      200,
    );
    return page;
  }

  for (const role of ["owner", "admin"] as const) {
    it(`shows the ${role}, who invites, the EMAIL# ids`, async () => {
      const page = await listed(tokensByRole[role]);
      const ids = page.members.filter((m) => m.status === "invited").map((m) => m.userId);
      expect(ids.sort()).toEqual([`EMAIL#${address}`, `EMAIL#${other}`].sort());
    });
  }

  for (const role of ["uploader", "upviewer", "viewer"] as const) {
    it(`gives the ${role} opaque, stable ids, with no address anywhere`, async () => {
      const page = await listed(tokensByRole[role]);
      const text = JSON.stringify(page);
      expect(text).not.toContain(address);
      expect(text).not.toContain(other);
      expect(text).not.toContain("EMAIL#");
      const invited = page.members.filter((m) => m.status === "invited");
      expect(invited).toHaveLength(2);
      for (const member of invited) expect(member.userId).toMatch(/^INVITED#[\w-]{22}$/);
      expect(new Set(invited.map((m) => m.userId)).size).toBe(2);
      // The same ids on the next read, and for every such role.
      expect((await listed(tokensByRole[role])).members).toEqual(page.members);
      const viewers = (await listed(tokensByRole.viewer)).members.map((m) => m.userId);
      expect(page.members.map((m) => m.userId)).toEqual(viewers);
      // The detail answers under the opaque id, without the address.
      const ines = invited.find((m) => m.nickname === "Invited Ines")!;
      const detail: MemberBody = await body(
        await call("GET", memberPath(crewTeam, ines.userId), tokensByRole[role]),
        200,
      );
      expect(detail).toMatchObject({ userId: ines.userId, email: null, status: "invited" });
      expect(JSON.stringify(detail)).not.toContain(address);
    });
  }

  it("keeps the opaque ids apart across teams, and unknown ones are notFound", async () => {
    const page = await listed(tokensByRole.viewer);
    const id = page.members.find((m) => m.status === "invited")!.userId;
    await expectError(await call("GET", memberPath(team, id), ownerTokens), 404, "notFound");
    const made = `INVITED#${"A".repeat(22)}`;
    await expectError(
      await call("GET", memberPath(crewTeam, made), tokensByRole.viewer),
      404,
      "notFound",
    );
  });

  it("lets the owner act on an invitation by its opaque id too: resend, rename, remove", async () => {
    const invitee = await addMember(api, crewTeam, {
      status: "invited",
      nickname: "Invited Ugo",
    });
    const hidden = (await listed(tokensByRole.viewer)).members.find(
      (m) => m.nickname === "Invited Ugo",
    )!.userId;
    expect(hidden).toMatch(/^INVITED#/);
    const resent: MemberBody = await body(
      await call(
        "POST",
        `${membersOf(crewTeam).replace(/members$/, "invitations")}/resend`,
        crewOwner,
        {
          userId: hidden,
        },
      ),
      200,
    );
    expect(resent.userId).toBe(`EMAIL#${invitee.email}`);
    const renamed: MemberBody = await body(
      await patchMember(
        crewTeam,
        hidden,
        [{ op: "replace", path: "/nickname", value: "Ugo Due" }],
        crewOwner,
      ),
      200,
    );
    expect(renamed).toMatchObject({ userId: `EMAIL#${invitee.email}`, nickname: "Ugo Due" });
    expect((await call("DELETE", memberPath(crewTeam, hidden), crewOwner)).status).toBe(204);
    const left = await listed(crewOwner);
    expect(left.members.map((m) => m.userId)).not.toContain(`EMAIL#${invitee.email}`);
  });
});

describe("POST /api/teams/{teamId}/members by email", () => {
  it("creates an invited Member and mails the invitee links to accept and decline", async () => {
    const email = newEmail("guest");
    const response = await call("POST", membersOf(team), ownerTokens, {
      email: email.toUpperCase(),
      nickname: "Guest Star",
      role: "upviewer",
      locale: "en",
    });
    const member: MemberBody = await body(response, 201);
    const at = api.clock.now();
    expect(member).toEqual({
      teamId: team.teamId,
      userId: `EMAIL#${email}`,
      nickname: "Guest Star",
      avatarUrl: null,
      role: "upviewer",
      status: "invited",
      type: "other",
      createdAt: expect.any(Number),
      createdBy: owner.userId,
      joinedAt: null,
      inviteExpiresAt: expect.any(Number),
    });
    expect(member.inviteExpiresAt! - at).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(member.inviteExpiresAt! - at).toBeLessThanOrEqual(7 * DAY_MS);

    const mail = await api.smtp.waitForMail(email);
    expect(mail.subject).toBe(`“Owner” invited you to the team “${team.name}” on Raccolta`);
    const [accept, reject] = mail.links;
    const base = `${PUBLIC_URL}/teams/${team.teamId}/invitations`;
    expect(accept).toMatch(new RegExp(`^${base}/accept\\?key=[\\w-]{43}$`));
    expect(reject).toBe(accept?.replace("/accept?", "/reject?"));
    expect(mail.text).toContain("as Contributor + Viewer");
    expect(mail.text).toContain("7 days");
    expect(mail.html).toContain("Accept the invitation");
    expect(mail.html).toContain("Decline the invitation");

    // Only the token's hash is stored.
    const key = new URL(accept ?? "").searchParams.get("key") ?? "";
    const row = await api.db
      .selectFrom("members")
      .selectAll()
      .where("member_id", "=", `EMAIL#${email}`)
      .executeTakeFirstOrThrow();
    expect(row.invite_token_hash).not.toBe(key);
    expect(row.invite_token_hash).toHaveLength(43);
    expect(row.email).toBe(email);
    expect(row.invite_sent_at).toBe(member.createdAt);
  });

  it("mails in the invitation's locale: Italian", async () => {
    const email = newEmail("ospite");
    await body(
      await call("POST", membersOf(team), ownerTokens, {
        email,
        nickname: "Ospite",
        role: "admin",
        locale: "it",
      }),
      201,
    );
    const mail = await api.smtp.waitForMail(email);
    expect(mail.subject).toBe(`“Owner” ti ha invitato nel team “${team.name}” su Raccolta`);
    expect(mail.text).toContain("come Amministratore");
    expect(mail.text).toContain("7 giorni");
    expect(mail.html).toContain('lang="it"');
    expect(mail.html).toContain("Accetta l&#39;invito");
    expect(mail.links).toHaveLength(2);
  });

  it("answers alreadyExists for an email invited or a member already", async () => {
    const email = newEmail("twice");
    const invite = (address: string, nickname: string) =>
      call("POST", membersOf(team), ownerTokens, {
        email: address,
        nickname,
        role: "viewer",
        locale: "en",
      });
    await body(await invite(email, "Twice One"), 201);
    await expectError(await invite(email, "Twice Two"), 409, "alreadyExists");
    // The owner's address, and a joined member's.
    await expectError(await invite(owner.email ?? "", "Owner Again"), 409, "alreadyExists");
    const joined = await addMember(api, team, { role: "viewer" });
    await expectError(await invite(joined.email ?? "", "Joined Again"), 409, "alreadyExists");
  });

  it("answers nicknameAlreadyExists for a nickname of the team, in any case", async () => {
    await addMember(api, team, { nickname: "Unique Name" });
    await expectError(
      await call("POST", membersOf(team), ownerTokens, {
        email: newEmail(),
        nickname: "UNIQUE name",
        role: "viewer",
        locale: "en",
      }),
      409,
      "nicknameAlreadyExists",
    );
  });

  it("lets an address that declined be invited again", async () => {
    const declined = await addMember(api, team, { status: "rejected", nickname: "Said No" });
    const member: MemberBody = await body(
      await call("POST", membersOf(team), ownerTokens, {
        email: declined.email,
        nickname: "Said No",
        role: "viewer",
        locale: "en",
      }),
      201,
    );
    expect(member.status).toBe("invited");
  });

  it("validates the body with the domain rules", async () => {
    const valid = { email: newEmail(), nickname: "Valid Name", role: "viewer", locale: "en" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, role: "owner" }, "role: roleRequired"],
      [{ ...valid, email: "not-an-email" }, "email: invalidEmail"],
      [{ ...valid, nickname: "<b>" }, "nickname: policyNickname"],
      [{ ...valid, nickname: "x" }, "nickname: nicknameShort"],
      [{ ...valid, locale: "fr" }, "locale"],
      [{ ...valid, extra: true }, ""],
      [{ nickname: "No Email", role: "viewer" }, ""],
    ];
    for (const [json, message] of cases) {
      const error = await expectError(
        await call("POST", membersOf(team), ownerTokens, json),
        400,
        // An address the rules refuse, alone, has its own code (ADR 088).
        message === "email: invalidEmail" ? "invalidEmail" : "invalidInput",
      );
      expect(error.message).toContain(message);
    }
  });

  it("is for owners and admins", async () => {
    const viewer = await addMember(api, team, { role: "upviewer" });
    await expectError(
      await call("POST", membersOf(team), await tokensFor(api, viewer), {
        email: newEmail(),
        nickname: "Not Allowed",
        role: "viewer",
        locale: "en",
      }),
      403,
      "forbidden",
    );
  });
});

describe("POST /api/teams/{teamId}/members for an internal member", () => {
  it("creates an account of the team and answers its credentials; it signs in through newPasswordRequired", async () => {
    const created: { member: MemberBody; credentials: Credentials } = await body(
      await call("POST", membersOf(team), ownerTokens, { username: "site.camera1", locale: "it" }),
      201,
    );
    expect(created.member).toMatchObject({
      teamId: team.teamId,
      nickname: "site.camera1",
      role: "uploader",
      status: "active",
      type: "internal",
      createdBy: owner.userId,
      joinedAt: expect.any(Number),
    });
    expect(created.credentials).toEqual({
      teamAlias: "the-crew",
      teamId: team.teamId,
      username: "site.camera1",
      password: expect.any(String),
    });
    expect(meetsPasswordPolicy(created.credentials.password)).toBe(true);
    const account = await api.db
      .selectFrom("users")
      .selectAll()
      .where("user_id", "=", created.member.userId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      email: null,
      username: "site.camera1",
      team_id: team.teamId,
      user_scope: "team",
      must_change_password: 1,
      provider: "password",
      locale: "it",
    });

    const challenge = await expectError(
      await post(api, "/auth/signin", {
        username: "site.camera1",
        team: team.teamId,
        password: created.credentials.password,
      }),
      401,
      "newPasswordRequired",
    );
    expect(challenge).toMatchObject({ teamId: team.teamId, username: "site.camera1" });
    const signedIn: { result: Tokens } = await body(
      await post(api, "/auth/new-password", {
        newPassword: "Mobile-Upload-7",
        session: challenge.session,
        teamId: team.teamId,
        username: "site.camera1",
      }),
      200,
    );
    expect(decodeJwt(signedIn.result.IdToken)).toMatchObject({
      sub: created.member.userId,
      team_id: team.teamId,
    });
    // The internal member can now see the team's members, and itself with its username.
    const self: MemberBody = await body(
      await call("GET", memberPath(team, created.member.userId), signedIn.result),
      200,
    );
    expect(self).toMatchObject({ username: "site.camera1", email: null, type: "internal" });
  });

  it("answers alreadyExists for a username of the team, in any case; other teams may reuse it", async () => {
    await body(await call("POST", membersOf(team), ownerTokens, { username: "gate.cam" }), 201);
    await expectError(
      await call("POST", membersOf(team), ownerTokens, { username: "Gate.Cam", role: "uploader" }),
      409,
      "alreadyExists",
    );
    const other = await ownedTeam(api);
    await body(
      await call("POST", membersOf(other.team), other.tokens, { username: "gate.cam" }),
      201,
    );
  });

  it("answers nicknameAlreadyExists when a member already goes by the username", async () => {
    await addMember(api, team, { nickname: "dock.cam" });
    await expectError(
      await call("POST", membersOf(team), ownerTokens, { username: "dock.cam" }),
      409,
      "nicknameAlreadyExists",
    );
  });

  it("takes only uploader as role, and usernames of 3 to 50 letters, digits and dots", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: "roof.cam", role: "admin" }, "role"],
      [{ username: "ab" }, "username: usernameShort"],
      [{ username: "a".repeat(51) }, "username: usernameLong"],
      [{ username: "roof cam" }, "username: policyUsername"],
      [{ username: "roof_cam" }, "username: policyUsername"],
    ];
    for (const [json, message] of cases) {
      const error = await expectError(
        await call("POST", membersOf(team), ownerTokens, json),
        400,
        // An address the rules refuse, alone, has its own code (ADR 088).
        message === "email: invalidEmail" ? "invalidEmail" : "invalidInput",
      );
      expect(error.message).toContain(message);
    }
  });
});

describe("the plan's member limit", () => {
  let small: TestApi;
  beforeAll(async () => {
    small = await startApi({ planLimits: { limitMembersPerTeam: 3 } });
  });
  afterAll(() => small.close());

  it("answers quotaExceededMembers once the team holds limitMembersPerTeam members", async () => {
    const { team: full, tokens } = await ownedTeam(small);
    await addMember(small, full, { status: "invited" });
    const add = (json: unknown) =>
      small.request(membersOf(full), { method: "POST", headers: bearer(tokens), json });
    await body(await add({ username: "third.one" }), 201);
    await expectError(
      await add({ email: newEmail(), nickname: "Fourth", role: "viewer", locale: "en" }),
      403,
      "quotaExceededMembers",
    );
    await expectError(await add({ username: "fourth.one" }), 403, "quotaExceededMembers");
    // Disabled members keep their place; declined invitations and members who left do not.
    const disabled = await addMember(small, full, { status: "disabled" });
    expect(disabled).toBeDefined();
    await small.db
      .updateTable("members")
      .set({ status: "rejected" })
      .where("team_id", "=", full.teamId)
      .where("status", "=", "invited")
      .execute();
    await expectError(await add({ username: "fifth.one" }), 403, "quotaExceededMembers");
    await small.db
      .updateTable("members")
      .set({ status: "left" })
      .where("member_id", "=", disabled.memberId)
      .execute();
    await body(await add({ username: "fifth.one" }), 201);
  });

  it("holds under a race: of 10 parallel additions to a team with room for 2, 2 get in", async () => {
    const { team: racing, tokens } = await ownedTeam(small);
    const add = (json: unknown) =>
      small.request(membersOf(racing), { method: "POST", headers: bearer(tokens), json });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? add({ username: `racer.${i}` })
          : add({ email: newEmail(), nickname: `Racer ${i}`, role: "viewer", locale: "en" }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201,
      201,
      ...Array(8).fill(403),
    ]);
    const members = await small.db
      .selectFrom("members")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("team_id", "=", racing.teamId)
      .executeTakeFirstOrThrow();
    expect(Number(members.count)).toBe(3);
  });
});

describe("an invitation mail that cannot be sent", () => {
  let broken: TestApi;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens there, so every mail fails at once.
    broken = await startApi({ smtpUrl: "smtp://127.0.0.1:9" });
  });
  afterAll(() => broken.close());

  it("keeps the member as pending (Idle), answers cannotSendInvitationEmail with it, and allows a resend at once", async () => {
    const { team: t, tokens } = await ownedTeam(broken);
    const email = newEmail("unreachable");
    const response = await broken.request(membersOf(t), {
      method: "POST",
      headers: bearer(tokens),
      json: { email, nickname: "Far Away", role: "viewer", locale: "en" },
    });
    const error = await expectError(response, 502, "cannotSendInvitationEmail");
    // Pending, shown as Idle: the mail did not go out (ADR 095).
    expect(error.member).toMatchObject({ userId: `EMAIL#${email}`, status: "pending" });
    const row = await broken.db
      .selectFrom("members")
      .selectAll()
      .where("member_id", "=", `EMAIL#${email}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", invite_sent_at: null });
    // No cooldown: the mail never went.
    await expectError(
      await broken.request(`/api/teams/${t.teamId}/invitations/resend`, {
        method: "POST",
        headers: bearer(tokens),
        json: { userId: `EMAIL#${email}` },
      }),
      502,
      "cannotSendInvitationEmail",
    );
    expect(broken.logs.some((line) => line.msg === "the invitation mail could not be sent")).toBe(
      true,
    );
  });
});

describe("PATCH /api/teams/{teamId}/members/{userId}", () => {
  it("changes the role of an active member, only to an assignable role", async () => {
    const member = await addMember(api, team, { role: "viewer" });
    const changed: MemberBody = await body(
      await patchMember(team, member.memberId, [{ op: "replace", path: "/role", value: "admin" }]),
      200,
    );
    expect(changed).toMatchObject({ userId: member.userId, role: "admin", status: "active" });
    const error = await expectError(
      await patchMember(team, member.memberId, [{ op: "replace", path: "/role", value: "owner" }]),
      400,
      "invalidInput",
    );
    expect(error.message).toContain("role: roleRequired");
  });

  it("refuses a role change on self, the owner, internal, invited or disabled members", async () => {
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    const internal = await addMember(api, team, { type: "internal" });
    const invited = await addMember(api, team, { status: "invited" });
    const disabled = await addMember(api, team, { status: "disabled" });
    const toViewer = [{ op: "replace", path: "/role", value: "viewer" }];
    for (const target of [admin.memberId, owner.userId, internal.memberId]) {
      await expectError(await patchMember(team, target, toViewer, adminTokens), 403, "forbidden");
    }
    for (const target of [invited.memberId, disabled.memberId, owner.userId]) {
      await expectError(await patchMember(team, target, toViewer), 403, "forbidden");
    }
  });

  it("disables an active member, who then has no access, and reactivates them", async () => {
    const member = await addMember(api, team, { role: "uploader" });
    const memberTokens = await tokensFor(api, member);
    await body(await call("GET", membersOf(team), memberTokens), 200);
    const disabled: MemberBody = await body(
      await patchMember(team, member.memberId, [
        { op: "replace", path: "/status", value: "disabled" },
      ]),
      200,
    );
    expect(disabled.status).toBe("disabled");
    await expectError(await call("GET", membersOf(team), memberTokens), 404, "notFound");
    // Disabled twice: only an active member can be.
    await expectError(
      await patchMember(team, member.memberId, [
        { op: "replace", path: "/status", value: "disabled" },
      ]),
      403,
      "forbidden",
    );
    const active: MemberBody = await body(
      await patchMember(team, member.memberId, [
        { op: "replace", path: "/status", value: "active" },
      ]),
      200,
    );
    expect(active.status).toBe("active");
    await body(await call("GET", membersOf(team), memberTokens), 200);
  });

  it("reactivates a banned member, but not an active or invited one", async () => {
    const banned = await addMember(api, team, { status: "banned" });
    const toActive = [{ op: "replace", path: "/status", value: "active" }];
    const answer: MemberBody = await body(await patchMember(team, banned.memberId, toActive), 200);
    expect(answer.status).toBe("active");
    await expectError(await patchMember(team, banned.memberId, toActive), 403, "forbidden");
    const invited = await addMember(api, team, { status: "invited" });
    await expectError(await patchMember(team, invited.memberId, toActive), 403, "forbidden");
  });

  it("never disables the owner or oneself", async () => {
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    const disable = [{ op: "replace", path: "/status", value: "disabled" }];
    await expectError(
      await patchMember(team, owner.userId, disable, adminTokens),
      403,
      "forbidden",
    );
    await expectError(
      await patchMember(team, admin.memberId, disable, adminTokens),
      403,
      "forbidden",
    );
    await expectError(await patchMember(team, owner.userId, disable), 403, "forbidden");
  });

  it("renames by the rules: anyone themself, managers others but not the owner", async () => {
    const viewer = await addMember(api, team, { role: "viewer", nickname: "Old Name" });
    const viewerTokens = await tokensFor(api, viewer);
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    const rename = (value: string) => [{ op: "replace", path: "/nickname", value }];

    const self: MemberBody = await body(
      await patchMember(team, viewer.memberId, rename("  New Name "), viewerTokens),
      200,
    );
    expect(self.nickname).toBe("New Name");
    await expectError(
      await patchMember(team, admin.memberId, rename("Not Mine"), viewerTokens),
      403,
      "forbidden",
    );
    const byAdmin: MemberBody = await body(
      await patchMember(team, viewer.memberId, rename("Admin Chose"), adminTokens),
      200,
    );
    expect(byAdmin.nickname).toBe("Admin Chose");
    await expectError(
      await patchMember(team, owner.userId, rename("Boss"), adminTokens),
      403,
      "forbidden",
    );
    const ownerSelf: MemberBody = await body(
      await patchMember(team, owner.userId, rename("Owner")),
      200,
    );
    expect(ownerSelf.nickname).toBe("Owner");
  });

  it("answers nicknameAlreadyExists for another member's nickname, in any case", async () => {
    const one = await addMember(api, team, { nickname: "Taken Name" });
    const two = await addMember(api, team);
    await expectError(
      await patchMember(team, two.memberId, [
        { op: "replace", path: "/nickname", value: "taken NAME" },
      ]),
      409,
      "nicknameAlreadyExists",
    );
    // The same nickname in another case is a rename of oneself.
    const same: MemberBody = await body(
      await patchMember(team, one.memberId, [
        { op: "replace", path: "/nickname", value: "TAKEN name" },
      ]),
      200,
    );
    expect(same.nickname).toBe("TAKEN name");
  });

  it("applies all operations or none", async () => {
    const admin = await addMember(api, team, { role: "admin", nickname: "Stays Put" });
    const adminTokens = await tokensFor(api, admin);
    await expectError(
      await patchMember(
        team,
        admin.memberId,
        [
          { op: "replace", path: "/nickname", value: "Moved" },
          { op: "replace", path: "/role", value: "viewer" },
        ],
        adminTokens,
      ),
      403,
      "forbidden",
    );
    const after: MemberBody = await body(
      await call("GET", memberPath(team, admin.memberId), ownerTokens),
      200,
    );
    expect(after).toMatchObject({ nickname: "Stays Put", role: "admin" });
    // In order: reactivating first makes the role change allowed.
    const disabled = await addMember(api, team, { status: "disabled", role: "viewer" });
    const both: MemberBody = await body(
      await patchMember(team, disabled.memberId, [
        { op: "replace", path: "/status", value: "active" },
        { op: "replace", path: "/role", value: "uploader" },
      ]),
      200,
    );
    expect(both).toMatchObject({ status: "active", role: "uploader" });
  });

  it("answers invalidPatch for anything but replace on /role, /nickname and /status", async () => {
    const member = await addMember(api, team);
    const cases: unknown[] = [
      [{ op: "add", path: "/nickname", value: "Added" }],
      [{ op: "remove", path: "/nickname" }],
      [{ op: "replace", path: "/type", value: "internal" }],
      [{ op: "replace", path: "/email", value: "x@example.com" }],
      [{ op: "replace", path: "/status", value: "left" }],
      [{ op: "replace", path: "/status", value: "invited" }],
      [{ op: "replace", path: "/role" }],
      { op: "replace", path: "/role", value: "viewer" },
      ["replace"],
    ];
    for (const ops of cases) {
      await expectError(await patchMember(team, member.memberId, ops), 400, "invalidPatch");
    }
  });

  it("answers notFound for someone not in the team", async () => {
    await expectError(
      await patchMember(team, "nobody", [{ op: "replace", path: "/nickname", value: "Ghost" }]),
      404,
      "notFound",
    );
  });
});

describe("DELETE /api/teams/{teamId}/members/{userId}", () => {
  it("lets the owner remove a member", async () => {
    const member = await addMember(api, team, { role: "admin" });
    const response = await call("DELETE", memberPath(team, member.memberId), ownerTokens);
    expect(response.status).toBe(204);
    await expectError(
      await call("GET", memberPath(team, member.memberId), ownerTokens),
      404,
      "notFound",
    );
    // The account stays; only the membership went.
    await tokensFor(api, member);
  });

  it("removes an invitation, whose link then leads nowhere", async () => {
    const invited = await addMember(api, team, { status: "invited" });
    expect((await call("DELETE", memberPath(team, invited.memberId), ownerTokens)).status).toBe(
      204,
    );
    await expectError(
      await post(api, `/teams/${team.teamId}/invitations/accept`, { token: invited.token }),
      404,
      "invitationNotFound",
    );
  });

  it("removes an internal member's account with the membership", async () => {
    const internal = await addMember(api, team, { type: "internal" });
    const internalTokens = await tokensFor(api, internal, team.teamId);
    expect((await call("DELETE", memberPath(team, internal.memberId), ownerTokens)).status).toBe(
      204,
    );
    const account = await api.db
      .selectFrom("users")
      .select("user_id")
      .where("user_id", "=", internal.userId)
      .executeTakeFirst();
    expect(account).toBeUndefined();
    await expectError(
      await post(api, "/auth/signin", {
        username: internal.username,
        team: team.teamId,
        password: PASSWORD,
      }),
      401,
      "notAuthorized",
    );
    await expectError(
      await api.request("/api/users/@me", { headers: bearer(internalTokens) }),
      401,
      "notAuthorized",
    );
  });

  it("is the owner's alone, and never removes the owner", async () => {
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    const viewer = await addMember(api, team);
    await expectError(
      await call("DELETE", memberPath(team, viewer.memberId), adminTokens),
      403,
      "forbidden",
    );
    await expectError(
      await call("DELETE", memberPath(team, owner.userId), ownerTokens),
      403,
      "forbidden",
    );
    await expectError(
      await call("DELETE", memberPath(team, "nobody"), ownerTokens),
      404,
      "notFound",
    );
  });
});

describe("POST /api/teams/{teamId}/members/{userId}/new-password", () => {
  it("gives an internal member new credentials, ends their sessions, and asks for a new password at sign-in", async () => {
    const internal = await addMember(api, team, { type: "internal" });
    const before = await tokensFor(api, internal, team.teamId);
    const answer: { credentials: Credentials } = await body(
      await call("POST", memberPath(team, internal.memberId, "/new-password"), ownerTokens),
      200,
    );
    expect(answer.credentials).toEqual({
      teamAlias: "the-crew",
      teamId: team.teamId,
      username: internal.username,
      password: expect.any(String),
    });
    expect(meetsPasswordPolicy(answer.credentials.password)).toBe(true);
    await expectError(
      await api.request("/api/users/@me", { headers: bearer(before) }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/signin", {
        username: internal.username,
        team: team.teamId,
        password: PASSWORD,
      }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/signin", {
        username: internal.username,
        team: team.teamId,
        password: answer.credentials.password,
      }),
      401,
      "newPasswordRequired",
    );
  });

  it("spends a challenge issued before a newer regeneration, and the member's refresh tokens too", async () => {
    const internal = await addMember(api, team, { type: "internal" });
    const before = await tokensFor(api, internal, team.teamId);
    const regenerate = async () =>
      (
        await body<{ credentials: Credentials }>(
          await call("POST", memberPath(team, internal.memberId, "/new-password"), ownerTokens),
          200,
        )
      ).credentials.password;
    const first = await regenerate();
    const signIn = (password: string) =>
      post(api, "/auth/signin", { username: internal.username, team: team.teamId, password });
    const oldChallenge = await expectError(await signIn(first), 401, "newPasswordRequired");
    // The admin regenerates again (the first credentials leaked, say): the challenge they gave ends.
    const second = await regenerate();
    const answer = (session: string) =>
      post(api, "/auth/new-password", {
        newPassword: "Chosen-By-Thief-1",
        session,
        teamId: team.teamId,
        username: internal.username,
      });
    await expectError(await answer(String(oldChallenge.session)), 401, "notAuthorized");
    await expectError(
      await post(api, "/auth/refresh", { refreshToken: before.RefreshToken }),
      401,
      "notAuthorized",
    );
    // The newest credentials' challenge still works.
    const challenge = await expectError(await signIn(second), 401, "newPasswordRequired");
    await body(await answer(String(challenge.session)), 200);
  });

  it("is only for internal members, and only for those who update any member", async () => {
    const member = await addMember(api, team, { role: "viewer" });
    await expectError(
      await call("POST", memberPath(team, member.memberId, "/new-password"), ownerTokens),
      403,
      "forbidden",
    );
    const internal = await addMember(api, team, { type: "internal" });
    const upviewer = await addMember(api, team, { role: "upviewer" });
    await expectError(
      await call(
        "POST",
        memberPath(team, internal.memberId, "/new-password"),
        await tokensFor(api, upviewer),
      ),
      403,
      "forbidden",
    );
    const admin = await addMember(api, team, { role: "admin" });
    await body(
      await call(
        "POST",
        memberPath(team, internal.memberId, "/new-password"),
        await tokensFor(api, admin),
      ),
      200,
    );
  });
});

describe("members of another team", () => {
  it("cannot reach this team's members by id", async () => {
    const other = await ownedTeam(api);
    const stranger = await storedAccount(api);
    await createTeamFor(api, stranger);
    const otherMember = await addMember(api, other.team);
    // The other team's member, asked for through this team: not here.
    await expectError(
      await call("GET", memberPath(team, otherMember.memberId), ownerTokens),
      404,
      "notFound",
    );
    await expectError(
      await patchMember(team, otherMember.memberId, [
        { op: "replace", path: "/nickname", value: "Hijack" },
      ]),
      404,
      "notFound",
    );
  });
});

describe("the OpenAPI document", () => {
  it("documents the member and invitation endpoints; accepting takes a token or none", async () => {
    const doc = (await (await api.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/teams/{teamId}/members",
        "/api/teams/{teamId}/members/{userId}",
        "/api/teams/{teamId}/members/{userId}/new-password",
        "/api/teams/{teamId}/invitations/resend",
        "/api/teams/{teamId}/invitations/accept",
        "/api/teams/{teamId}/invitations/reject",
      ]),
    );
    const member = doc.paths["/api/teams/{teamId}/members/{userId}"] ?? {};
    expect(Object.keys(member).sort()).toEqual(["delete", "get", "patch"]);
    expect(member.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/teams/{teamId}/invitations/accept"]?.post?.security).toEqual([
      { bearer: [] },
      {},
    ]);
    expect(doc.paths["/api/teams/{teamId}/invitations/reject"]?.post?.security).toBeUndefined();
  });
});
