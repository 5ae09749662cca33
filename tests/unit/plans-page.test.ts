import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE } from "#api/billing/catalogue.ts";
import { resources } from "#app/i18n/language.server.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import { planAction, type Reader } from "#app/plans/plan-action.ts";
import { UsageRing } from "#app/routes/plans/usage-ring.tsx";
import type { Plan } from "#domain/plans.ts";

const plan = (id: string) => BUILT_IN_CATALOGUE.find((p) => p.planId === id) as Plan;
const today = "2026-11-26";
const on = (currentPlan: Reader["currentPlan"]): Reader => ({ billing: true, currentPlan, today });

describe("what a plan card offers (docs/product.md#plans)", () => {
  it("offers nothing when the server sells no plans", () => {
    expect(planAction(plan("team"), { billing: false, currentPlan: null, today })).toEqual({
      kind: "none",
    });
  });

  it("invites a guest to sign up for what can be chosen, and says why the rest can't", () => {
    expect(planAction(plan("starter"), on(null))).toEqual({ kind: "signUp" });
    expect(planAction(plan("team"), on(null))).toEqual({ kind: "signUp" });
    expect(planAction(plan("custom"), on(null))).toEqual({
      kind: "unavailable",
      reason: "comingSoon",
    });
    expect(planAction(plan("pioneer"), on(null))).toEqual({
      kind: "unavailable",
      reason: "expired",
    });
  });

  it("lets a member on the free plan check out a paid one", () => {
    const starter = { planId: "starter", type: "free" as const };
    expect(planAction(plan("starter"), on(starter))).toEqual({ kind: "none" });
    expect(planAction(plan("team"), on(starter))).toEqual({ kind: "checkout" });
    expect(planAction(plan("pioneer"), on(starter)).kind).toBe("unavailable");
  });

  it("sends a payer to the portal: to manage their plan, even retired, or to change it", () => {
    const pioneer = { planId: "pioneer", type: "paid" as const };
    expect(planAction(plan("pioneer"), on(pioneer))).toEqual({ kind: "portal", purpose: "manage" });
    expect(planAction(plan("team"), on(pioneer))).toEqual({ kind: "portal", purpose: "change" });
    expect(planAction(plan("starter"), on(pioneer))).toEqual({ kind: "portal", purpose: "change" });
    expect(planAction(plan("custom"), on(pioneer)).kind).toBe("unavailable");
  });
});

describe("the usage ring", () => {
  const ring = (usedBytes: number, limitBytes: number) =>
    renderToStaticMarkup(
      createElement(
        I18nProvider,
        { language: "en", catalogs: resources },
        createElement(UsageRing, { label: "Storage", usedBytes, limitBytes }),
      ),
    );
  const GB = 1024 ** 3;

  it("is green under 70 %, amber under 90 %, red from there, and says so in words", () => {
    expect(ring(6.9 * GB, 10 * GB)).toContain('data-level="success"');
    expect(ring(6.9 * GB, 10 * GB)).toContain("Storage: 6.9 GB of 10 GB used, 69%");
    expect(ring(8.5 * GB, 10 * GB)).toContain('data-level="warning"');
    expect(ring(9 * GB, 10 * GB)).toContain('data-level="error"');
    // Past the limit the ring is full and the figure honest.
    expect(ring(12 * GB, 10 * GB)).toContain("Storage: 12 GB of 10 GB used, 100%");
  });

  it("draws the share used as the arc's length", () => {
    const circumference = 2 * Math.PI * 39;
    const arc = (markup: string) => Number(/stroke-dasharray="([\d.]+) /.exec(markup)?.[1]);
    expect(arc(ring(GB, 4 * GB))).toBeCloseTo(circumference / 4);
    expect(arc(ring(0, 4 * GB))).toBe(0);
  });

  it("shows what is used, and no share, when there is no limit", () => {
    const markup = ring(1536, -1);
    expect(markup).toContain('data-level="success"');
    expect(markup).toContain("Storage: 1.5 KB used, no limit");
    expect(markup).toContain("∞");
  });
});
