import { Form, Link } from "@remix-run/react";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { type AccentColor, Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { UNLIMITED } from "#domain/constants.ts";
import { formatFileSize, numberFormat } from "#domain/format.ts";
import type { Plan, PlanBadge } from "#domain/plans.ts";
import type { PlanAction } from "./plan-action.ts";

/** A badge's colour: grey when retired or priced apart, amber while not yet open, red for offers that end. */
const BADGE_COLORS: Record<PlanBadge, AccentColor> = {
  most_popular: "indigo",
  best_value: "indigo",
  recommended: "indigo",
  coming_soon: "amber",
  coming_2026: "amber",
  early_access: "amber",
  custom_pricing: "gray",
  promo: "red",
  limited_time: "red",
  expired: "gray",
};

/** Euro, without cents when whole. */
function euro(price: number, locale: string) {
  return numberFormat(locale, {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: Number.isInteger(price) ? 0 : 2,
  }).format(price);
}

/** One plan: its name and badges, price, limits and features, and what its reader can do. */
export function PlanCard({
  plan,
  action,
  current,
  busy,
}: {
  plan: Plan;
  action: PlanAction;
  /** The reader is on this plan. */
  current: boolean;
  /** A plan action is on its way: its buttons wait. */
  busy: boolean;
}) {
  const { t, i18n } = useTranslation("plans");
  const name = t(`names.${plan.planId}`, { defaultValue: plan.planId });
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  const counted = (key: "teams" | "members" | "aliases", count: number) =>
    count === UNLIMITED ? t(`limits.${key}Unlimited`) : t(`limits.${key}`, { count });
  const limits = [
    plan.limitStorageBytes === UNLIMITED
      ? t("limits.storageUnlimited")
      : t("limits.storage", { size: size(plan.limitStorageBytes) }),
    plan.limitTrafficBytes === UNLIMITED
      ? t("limits.trafficUnlimited")
      : t(`limits.traffic_${plan.limitTrafficType}`, { size: size(plan.limitTrafficBytes) }),
    counted("teams", plan.limitTeams),
    counted("members", plan.limitMembersPerTeam),
    counted("aliases", plan.limitAliasesPerTeam),
  ];
  return (
    <Card size="3" className="plan-card" data-current={current || undefined}>
      <Flex direction="column" gap="3" height="100%">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h2" size="5" className="truncate">
            {name}
          </Heading>
          {current && (
            <Badge color="grass" size="2">
              {t("current")}
            </Badge>
          )}
          {plan.badge && (
            <Badge color={BADGE_COLORS[plan.badge]} size="2" data-badge={plan.badge}>
              {t(`badges.${plan.badge}`)}
            </Badge>
          )}
        </Flex>
        <Text size="6" weight="bold">
          {plan.price === 0
            ? plan.type === "free"
              ? t("free")
              : t("priceOnRequest")
            : t("price", {
                price: euro(plan.price, i18n.language),
                interval: t(`intervals.${plan.billingInterval}`),
              })}
        </Text>
        <ul className="plan-list" aria-label={t("limits.label")}>
          {limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
          {plan.features.map((feature) => (
            <li key={feature}>{t(`features.${feature}`, { defaultValue: feature })}</li>
          ))}
        </ul>
        <PlanActionButton plan={plan} name={name} action={action} busy={busy} />
      </Flex>
    </Card>
  );
}

function PlanActionButton({
  plan,
  name,
  action,
  busy,
}: {
  plan: Plan;
  name: string;
  action: PlanAction;
  busy: boolean;
}) {
  const { t } = useTranslation("plans");
  switch (action.kind) {
    case "none":
      return null;
    case "signUp":
      return (
        <Button asChild size="3" variant="soft" className="plan-action">
          <Link to="/auth/signup">{t("actions.signUp")}</Link>
        </Button>
      );
    case "unavailable":
      return (
        <Text size="2" color="gray" className="plan-action">
          {t(`actions.${action.reason}`)}
        </Text>
      );
    case "checkout":
    case "portal":
      return (
        <Form method="post" className="plan-action">
          <input type="hidden" name="planId" value={plan.planId} />
          <Button
            type="submit"
            name="intent"
            value={action.kind}
            size="3"
            variant={action.kind === "checkout" ? "solid" : "soft"}
            disabled={busy}
          >
            {action.kind === "checkout"
              ? t("actions.choose", { plan: name })
              : t(`actions.${action.purpose}`)}
          </Button>
        </Form>
      );
  }
}
