import { describe, expect, it } from "vitest";
import {
  isTeamNameConfirmed,
  TEAM_TRASH_RETENTION_DAYS,
  TEAM_TRASH_RETENTION_MS,
  teamPurgeAt,
} from "#domain/team-deletion.ts";

// The rules of deleting a team (ADR 094).

describe("team deletion", () => {
  it("keeps a deleted team 30 days", () => {
    expect(TEAM_TRASH_RETENTION_DAYS).toBe(30);
    expect(TEAM_TRASH_RETENTION_MS).toBe(30 * 24 * 60 * 60 * 1000);
    expect(teamPurgeAt(1_000)).toBe(1_000 + TEAM_TRASH_RETENTION_MS);
  });

  it.each([
    ["Choir", "Choir", true],
    ["  Choir ", "Choir", true],
    ["choir", "Choir", false],
    ["CHOIR", "Choir", false],
    ["Choir!", "Choir", false],
    ["", "Choir", false],
    ["Chamber Choir", "Chamber  Choir", false],
  ] as [string, string, boolean][])("takes %j for %j: %s", (typed, name, expected) => {
    expect(isTeamNameConfirmed(typed, name)).toBe(expected);
  });
});
