import { describe, expect, it } from "vitest";
import { INVITATION_RESEND_COOLDOWN_MS } from "#domain/constants.ts";
import {
  EFFECTIVE_MEMBER_STATUSES,
  type EffectiveMemberStatus,
  effectiveMemberStatus,
  hasTeamAccess,
  isInvitationResendAllowed,
  isMemberStatus,
  MEMBER_STATUS_COLOURS,
  MEMBER_STATUSES,
  MEMBER_TYPES,
  type MemberStatus,
  memberStatusColour,
} from "#domain/members.ts";

const NOW = Date.UTC(2025, 8, 15, 12);

describe("member statuses and types", () => {
  it("lists the product's statuses, the derived one and the types", () => {
    expect([...MEMBER_STATUSES]).toEqual([
      "active",
      "invited",
      "pending",
      "rejected",
      "left",
      "banned",
      "disabled",
    ]);
    expect([...EFFECTIVE_MEMBER_STATUSES]).toEqual([...MEMBER_STATUSES, "invitation_expired"]);
    expect([...MEMBER_TYPES]).toEqual(["internal", "other"]);
  });

  it.each([
    ["active", true],
    ["disabled", true],
    ["invitation_expired", false],
    ["Active", false],
    [undefined, false],
  ])("isMemberStatus(%j) is %s", (value, expected) => {
    expect(isMemberStatus(value)).toBe(expected);
  });
});

describe("effectiveMemberStatus", () => {
  it.each([
    [NOW - 1, "invitation_expired"],
    [NOW, "invited"],
    [NOW + 1, "invited"],
    [undefined, "invited"],
    [null, "invited"],
  ] as const)("an invitation expiring at %j is %s", (inviteExpiresAt, expected) => {
    expect(effectiveMemberStatus({ status: "invited", inviteExpiresAt }, NOW)).toBe(expected);
  });

  it.each(MEMBER_STATUSES.filter((status) => status !== "invited"))(
    "a %s member keeps the status even with a past expiry",
    (status: MemberStatus) => {
      expect(effectiveMemberStatus({ status, inviteExpiresAt: NOW - 1 }, NOW)).toBe(status);
    },
  );
});

describe("member status colours", () => {
  it.each([
    ["active", "success"],
    ["invited", "warning"],
    ["pending", "warning"],
    ["rejected", "error"],
    ["left", "error"],
    ["banned", "error"],
    ["disabled", "error"],
    ["invitation_expired", "error"],
  ] as [EffectiveMemberStatus, string][])("%s is %s", (status, colour) => {
    expect(memberStatusColour(status)).toBe(colour);
    expect(MEMBER_STATUS_COLOURS[status]).toBe(colour);
  });

  it("colours every status", () => {
    expect(Object.keys(MEMBER_STATUS_COLOURS).sort()).toEqual(
      [...EFFECTIVE_MEMBER_STATUSES].sort(),
    );
  });
});

describe("hasTeamAccess", () => {
  it.each(EFFECTIVE_MEMBER_STATUSES.map((status) => [status, status === "active"] as const))(
    "%s: %s",
    (status, expected) => {
      expect(hasTeamAccess(status)).toBe(expected);
    },
  );
});

describe("isInvitationResendAllowed", () => {
  it.each([
    [undefined, true],
    [null, true],
    [NOW - INVITATION_RESEND_COOLDOWN_MS - 1, true],
    [NOW - INVITATION_RESEND_COOLDOWN_MS, true],
    [NOW - INVITATION_RESEND_COOLDOWN_MS + 1, false],
    [NOW, false],
  ])("last sent at %j: %s", (lastSentAt, expected) => {
    expect(isInvitationResendAllowed(lastSentAt, NOW)).toBe(expected);
  });

  it("waits 24 hours", () => {
    expect(INVITATION_RESEND_COOLDOWN_MS).toBe(24 * 60 * 60 * 1000);
  });
});
