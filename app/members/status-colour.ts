import { type EffectiveMemberStatus, memberStatusColour } from "#domain/members.ts";

/** The badge colour of each status colour of docs/product.md#member-states. */
const BADGE_COLOURS = { success: "grass", warning: "amber", error: "red" } as const;

/** A member status's badge colour: the spec's (domain/members.ts) in the theme's palette. */
export function statusBadgeColour(status: EffectiveMemberStatus) {
  return BADGE_COLOURS[memberStatusColour(status)];
}
