import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CATALOGUE,
  type CataloguePlan,
  CatalogueSchema,
  configuredPlan,
  readCatalogue,
} from "#api/billing/catalogue.ts";
import { UNLIMITED } from "#domain/constants.ts";
import {
  isExpired,
  PLAN_LIMIT_KEYS,
  type Plan,
  planUnavailability,
  UNLIMITED_PLAN_LIMITS,
  withinLimit,
} from "#domain/plans.ts";
import { TRASH_RETENTION_DAYS } from "#domain/trash.ts";

describe("withinLimit", () => {
  it("lets one more in while fewer than the limit exist", () => {
    expect(withinLimit(0, 3)).toBe(true);
    expect(withinLimit(2, 3)).toBe(true);
    expect(withinLimit(3, 3)).toBe(false);
    expect(withinLimit(4, 3)).toBe(false);
  });

  it("lets nothing in under a zero limit, and everything under an unlimited one", () => {
    expect(withinLimit(0, 0)).toBe(false);
    expect(withinLimit(1_000_000, UNLIMITED)).toBe(true);
  });
});

describe("the limits without billing", () => {
  it("are all unlimited", () => {
    for (const key of PLAN_LIMIT_KEYS) expect(UNLIMITED_PLAN_LIMITS[key]).toBe(UNLIMITED);
  });
});

const plan = (overrides: Partial<Plan>): Plan => ({
  planId: "team",
  type: "paid",
  price: 9,
  billingInterval: "monthly",
  badge: null,
  status: "active",
  availableFrom: null,
  expiresDate: null,
  features: [],
  trashRetentionDays: 30,
  ...UNLIMITED_PLAN_LIMITS,
  ...overrides,
});
const today = "2026-11-26";
const choice = (p: Plan, currentPlanId: string | null = "starter") =>
  planUnavailability(p, { today, currentPlanId });

describe("planUnavailability (docs/product.md#plans)", () => {
  it("lets an active plan with no dates be chosen", () => {
    expect(choice(plan({}))).toBeNull();
    expect(choice(plan({ badge: "most_popular" }))).toBeNull();
  });

  it("refuses an expired plan: by its badge, or a last day before today", () => {
    expect(choice(plan({ badge: "expired" }))).toBe("expired");
    expect(choice(plan({ expiresDate: "2026-11-25" }))).toBe("expired");
    expect(choice(plan({ expiresDate: today }))).toBeNull();
    expect(isExpired(plan({ expiresDate: "2026-11-25" }), today)).toBe(true);
  });

  it("refuses a plan coming soon: its badge, or a first day after today", () => {
    expect(choice(plan({ badge: "coming_soon" }))).toBe("comingSoon");
    expect(choice(plan({ badge: "coming_2026" }))).toBe("comingSoon");
    expect(choice(plan({ availableFrom: "2026-11-27" }))).toBe("comingSoon");
    expect(choice(plan({ availableFrom: today }))).toBeNull();
  });

  it("refuses an inactive plan", () => {
    expect(choice(plan({ status: "inactive" }))).toBe("inactive");
  });

  it("keeps the caller's current paid plan selectable, to manage it, even retired", () => {
    const retired = plan({ planId: "pioneer", badge: "expired", status: "inactive" });
    expect(choice(retired, "pioneer")).toBeNull();
    expect(choice(retired, "starter")).toBe("expired");
    // A free plan is no subscription to manage.
    expect(choice(plan({ planId: "old-free", type: "free", status: "inactive" }), "old-free")).toBe(
      "inactive",
    );
  });
});

describe("the plan catalogue", () => {
  it("ships Starter, Team, Pro, Custom and the retired Pioneer", () => {
    expect(BUILT_IN_CATALOGUE.map((p) => p.planId)).toEqual([
      "starter",
      "team",
      "pro",
      "custom",
      "pioneer",
    ]);
    const pioneer = BUILT_IN_CATALOGUE.find((p) => p.planId === "pioneer") as Plan;
    expect(choice(pioneer)).toBe("expired");
  });

  it("refuses a plan listed twice, and a catalogue without an active free plan", () => {
    const [starter, team] = BUILT_IN_CATALOGUE;
    const twice = CatalogueSchema.safeParse([starter, starter]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe("is listed twice");
    const noFree = CatalogueSchema.safeParse([team]);
    expect(noFree.error?.issues[0]?.message).toMatch(/active free plan/);
  });

  it("reads an operator's file, and names the file and the fault when it is wrong", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "plans-"));
    const good = path.join(folder, "good.json");
    await writeFile(
      good,
      JSON.stringify([
        {
          planId: "free",
          type: "free",
          price: 0,
          billingInterval: "monthly",
          limitStorageBytes: 1024,
          limitTrafficBytes: -1,
          limitTrafficType: "total",
          limitTeams: 1,
          limitMembersPerTeam: 5,
          limitAliasesPerTeam: 0,
        },
      ]),
    );
    const [free] = await readCatalogue(good);
    expect(free).toMatchObject({ planId: "free", badge: null, features: [], stripePriceId: null });

    const bad = path.join(folder, "bad.json");
    await writeFile(bad, JSON.stringify([{ planId: "Team", type: "free" }]));
    await expect(readCatalogue(bad)).rejects.toThrow(
      new RegExp(`^PLANS_FILE ${bad}: 0\\.planId must be lowercase`),
    );
    await expect(readCatalogue(path.join(folder, "missing.json"))).rejects.toThrow(/ENOENT/);
  });

  it("lets a plan set how long the trash keeps things: whole days 1-365, 30 when absent", () => {
    const [starter] = BUILT_IN_CATALOGUE;
    const parse = (trashRetentionDays: unknown) =>
      CatalogueSchema.safeParse([{ ...starter, trashRetentionDays }]);
    const { stripePriceId: _, trashRetentionDays: __, ...bare } = starter as CataloguePlan;
    expect(CatalogueSchema.parse([bare])[0]?.trashRetentionDays).toBe(TRASH_RETENTION_DAYS);
    expect(parse(7).data?.[0]?.trashRetentionDays).toBe(7);
    expect(parse(1).success).toBe(true);
    expect(parse(365).success).toBe(true);
    for (const wrong of [0, -1, 366, 7.5, "7", null]) {
      const parsed = parse(wrong);
      expect(parsed.success, `${JSON.stringify(wrong)}`).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([0, "trashRetentionDays"]);
    }
  });

  it("names the file and the plan when its trashRetentionDays is out of range", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "plans-"));
    const file = path.join(folder, "long.json");
    const { stripePriceId: _, ...starter } = BUILT_IN_CATALOGUE[0] as CataloguePlan;
    await writeFile(file, JSON.stringify([{ ...starter, trashRetentionDays: 400 }]));
    await expect(readCatalogue(file)).rejects.toThrow(
      new RegExp(`^PLANS_FILE ${file}: 0\\.trashRetentionDays `),
    );
  });

  it("gives the plan of a deployment without billing the trash's 30 days", () => {
    expect(configuredPlan(UNLIMITED_PLAN_LIMITS).trashRetentionDays).toBe(TRASH_RETENTION_DAYS);
  });
});
