// Member statuses, types and the rules read from them (docs/product.md#member-states).

import { INVITATION_RESEND_COOLDOWN_MS, type StatusColour } from "./constants.ts";

/** Statuses as stored. "pending" is shown as Idle. */
export const MEMBER_STATUSES = [
  "active",
  "invited",
  "pending",
  "rejected",
  "left",
  "banned",
  "disabled",
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Statuses as shown: the stored ones plus the derived invitation_expired. */
export const EFFECTIVE_MEMBER_STATUSES = [...MEMBER_STATUSES, "invitation_expired"] as const;
export type EffectiveMemberStatus = (typeof EFFECTIVE_MEMBER_STATUSES)[number];

/** Internal members are created by an administrator for the mobile upload app. */
export const MEMBER_TYPES = ["internal", "other"] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const MEMBER_STATUS_COLOURS: Readonly<Record<EffectiveMemberStatus, StatusColour>> = {
  active: "success",
  invited: "warning",
  pending: "warning",
  rejected: "error",
  left: "error",
  banned: "error",
  disabled: "error",
  invitation_expired: "error",
};

export function isMemberStatus(value: unknown): value is MemberStatus {
  return (MEMBER_STATUSES as readonly unknown[]).includes(value);
}

/**
 * An invited member whose invitation expired before `now` (epoch ms) shows as
 * invitation_expired; every other member shows their stored status.
 */
export function effectiveMemberStatus(
  member: { status: MemberStatus; inviteExpiresAt?: number | null },
  now: number,
): EffectiveMemberStatus {
  const { status, inviteExpiresAt } = member;
  if (status === "invited" && inviteExpiresAt != null && inviteExpiresAt < now) {
    return "invitation_expired";
  }
  return status;
}

export function memberStatusColour(status: EffectiveMemberStatus): StatusColour {
  return MEMBER_STATUS_COLOURS[status];
}

/** Only an active member may enter the team. */
export function hasTeamAccess(status: EffectiveMemberStatus): boolean {
  return status === "active";
}

/**
 * An invitation may be resent once every 24 hours. `lastSentAt` is when it was last sent
 * (epoch ms); without one the invitation may be resent.
 */
export function isInvitationResendAllowed(
  lastSentAt: number | null | undefined,
  now: number,
): boolean {
  return lastSentAt == null || now - lastSentAt >= INVITATION_RESEND_COOLDOWN_MS;
}
