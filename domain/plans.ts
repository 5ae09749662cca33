// The plan catalogue (spec section 3, Plan). Until billing exists every user is on the default
// plan; operators raise its limits by configuration (-1 is unlimited, what self-hosters want).

import { UNLIMITED } from "./constants.ts";

export interface PlanLimits {
  limitTeams: number;
  limitMembersPerTeam: number;
  limitAliasesPerTeam: number;
  limitStorageBytes: number;
  limitTrafficBytes: number;
  limitTrafficType: "per_month" | "total";
}

export const PLAN_LIMIT_KEYS = [
  "limitTeams",
  "limitMembersPerTeam",
  "limitAliasesPerTeam",
  "limitStorageBytes",
  "limitTrafficBytes",
] as const satisfies readonly (keyof PlanLimits)[];
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

const GIB = 1024 ** 3;

/** The plan everyone is on until they choose another. */
export const DEFAULT_PLAN_ID = "free";

export const DEFAULT_PLAN_LIMITS: PlanLimits = {
  limitTeams: 3,
  limitMembersPerTeam: 20,
  limitAliasesPerTeam: 2,
  limitStorageBytes: 5 * GIB,
  limitTrafficBytes: 20 * GIB,
  limitTrafficType: "per_month",
};

/** Whether one more item fits under `limit` when `used` exist already. */
export function withinLimit(used: number, limit: number): boolean {
  return limit === UNLIMITED || used < limit;
}
