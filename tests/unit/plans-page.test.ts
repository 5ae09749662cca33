import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE } from "#api/billing/catalogue.ts";
import { resources } from "#app/i18n/language.server.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import { planAction, type Reader } from "#app/plans/plan-action.ts";
import { PlanCard } from "#app/plans/plan-card.tsx";
import { UsageRing } from "#app/routes/plans/usage-ring.tsx";
import { PLAN_BADGES, type Plan } from "#domain/plans.ts";

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

describe("a plan card's badge (ADR 088)", () => {
  const card = (language: "en" | "it", badge: Plan["badge"]) =>
    renderToStaticMarkup(
      createElement(
        I18nProvider,
        { language, catalogs: resources },
        createElement(PlanCard, {
          plan: { ...plan("team"), badge },
          action: { kind: "none" },
          current: false,
          busy: false,
        }),
      ),
    );
  const labels = {
    en: {
      most_popular: "Most popular",
      best_value: "Best value",
      recommended: "Recommended",
      coming_soon: "Coming soon",
      coming_2026: "Coming in 2026",
      early_access: "Early access",
      custom_pricing: "Custom pricing",
      promo: "Promotion",
      limited_time: "Limited time",
      expired: "Retired",
    },
    it: {
      most_popular: "Il più scelto",
      best_value: "Più conveniente",
      recommended: "Consigliato",
      coming_soon: "In arrivo",
      coming_2026: "In arrivo nel 2026",
      early_access: "Accesso anticipato",
      custom_pricing: "Prezzo su misura",
      promo: "In promozione",
      limited_time: "Per un periodo limitato",
      expired: "Ritirato",
    },
  } as const;

  for (const language of ["en", "it"] as const) {
    it(`shows each of the ten badges with its ${language} label`, () => {
      for (const badge of PLAN_BADGES) {
        const markup = card(language, badge);
        expect(markup).toContain(`>${labels[language][badge]}</span>`);
        expect(markup).not.toContain(`badges.${badge}`);
      }
      expect(card(language, null)).not.toContain("rt-Badge");
    });
  }
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
