import { describe, expect, it } from "vitest";
import { generatePassword } from "#api/auth/passwords.ts";
import { ApiError } from "#api/http/errors.ts";
import { memberChanges } from "#api/teams/member-patch.ts";
import { passwordSchema } from "#domain/validation.ts";

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.errorCode, message: error.message };
    throw error;
  }
  throw new Error("no error");
}

describe("memberChanges", () => {
  it("reads replace on /role, /nickname and /status, in order", () => {
    expect(
      memberChanges([
        { op: "replace", path: "/status", value: "active" },
        { op: "replace", path: "/role", value: "upviewer" },
        { op: "replace", path: "/nickname", value: "  Zoë O'Neil " },
      ]),
    ).toEqual([
      { field: "status", value: "active" },
      { field: "role", value: "upviewer" },
      { field: "nickname", value: "Zoë O'Neil" },
    ]);
    expect(memberChanges([])).toEqual([]);
  });

  it("answers invalidPatch for other operations, paths, statuses or shapes", () => {
    const cases: unknown[] = [
      { op: "replace", path: "/role", value: "viewer" },
      [null],
      [{ op: "add", path: "/role", value: "viewer" }],
      [{ op: "replace", path: "/type", value: "internal" }],
      [{ op: "replace", path: "/status", value: "left" }],
      [{ op: "replace", path: "/nickname" }],
      Array.from({ length: 11 }, () => ({ op: "replace", path: "/role", value: "viewer" })),
    ];
    for (const body of cases) expect(errorOf(() => memberChanges(body)).code).toBe("invalidPatch");
  });

  it("answers invalidInput, naming field and message key, for values the rules refuse", () => {
    expect(
      errorOf(() => memberChanges([{ op: "replace", path: "/role", value: "owner" }])),
    ).toEqual({ code: "invalidInput", message: "role: roleRequired" });
    expect(
      errorOf(() =>
        memberChanges([
          { op: "replace", path: "/nickname", value: "x" },
          { op: "replace", path: "/role", value: "admin" },
        ]),
      ),
    ).toEqual({ code: "invalidInput", message: "nickname: nicknameShort" });
  });
});

describe("generatePassword", () => {
  it("always meets the password policy, and never repeats", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(passwordSchema.safeParse(password).success).toBe(true);
      expect(password).not.toMatch(/[0O1lI\s]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
