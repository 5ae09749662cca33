import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Grid, Heading, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { planAction } from "#app/plans/plan-action.ts";
import { PlanCard } from "#app/plans/plan-card.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { plansApi } from "#app/services/api/plans.server.ts";
import { getAuth, requireAuth } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { dateTimeFormat } from "#domain/format.ts";
import { dayOf } from "#domain/plans.ts";
import { UsageRing } from "./usage-ring.tsx";

export const handle = { i18n: ["common", "plans", "messages"] };

/*
 * Plans (docs/product.md#plans, docs/product.md#screens): the catalogue as cards, the reader's plan
 * marked, and their usage as rings. Open to guests, who are invited to sign up. Choosing a plan
 * goes to Stripe's checkout and managing one to its billing portal, each a plain form post that the
 * action answers with a redirect there. Without billing the page shows the limits in force.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [auth, t] = await Promise.all([
    getAuth(request, context),
    i18nServer.getFixedT(request, "plans"),
  ]);
  const [catalogue, mine, usage] = await Promise.all([
    plansApi.catalogue(context),
    auth ? plansApi.mine(context, auth.accessToken) : null,
    auth ? plansApi.usage(context, auth.accessToken) : null,
  ]);
  const { plans, billing } = catalogue.body;
  const currentPlan = mine?.body ?? null;
  const today = dayOf(Date.now());
  return data(
    {
      title: t("metaTitle"),
      billing,
      // Without billing there is one plan, the limits in force: the reader's, signed in or not.
      cards: plans.map((plan) => ({
        plan,
        current: plan.planId === currentPlan?.planId,
        action: planAction(plan, { billing, currentPlan, today }),
      })),
      usage: usage?.body ?? null,
      checkoutDone: new URL(request.url).searchParams.get("checkout") === "done",
    },
    { headers: auth?.headers },
  );
}

const STRIPE_ERRORS = { checkout: "planCheckoutError", portal: "stripePortalError" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const planId = form.get("planId");
  if ((intent !== "checkout" && intent !== "portal") || typeof planId !== "string" || !planId) {
    return unknownIntent();
  }
  const outcome = await attempt(plansApi.stripe(context, auth.accessToken, intent, planId), [
    STRIPE_ERRORS[intent],
  ]);
  if (outcome.refusal) {
    return redirectWithToast(
      request,
      context,
      "/plans",
      { type: "error", message: `messages:errors.${STRIPE_ERRORS[intent]}` },
      { status: 303, headers: auth.headers },
    );
  }
  // Stripe's hosted page: the browser leaves for it, with or without JavaScript.
  return redirect(outcome.value.body.url, { status: 303, headers: auth.headers });
}

export default function PlansPage() {
  const { t, i18n } = useTranslation("plans");
  const { billing, cards, usage, checkoutDone } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const day = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const traffic = usage?.traffic;
  return (
    <Flex direction="column" gap="6" className="page">
      <Flex direction="column" gap="2">
        <Heading as="h1" size="8">
          {t("title")}
        </Heading>
        <Text as="p" size="3" color="gray" className="lead">
          {billing ? t("lead") : t("selfHostedLead")}
        </Text>
      </Flex>
      {checkoutDone && (
        <Callout.Root color="grass" role="status">
          <Callout.Icon>
            <Icon name="check-circled" />
          </Callout.Icon>
          <Callout.Text>{t("checkoutDone")}</Callout.Text>
        </Callout.Root>
      )}
      {usage && traffic && (
        <section aria-labelledby="usage-title">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="5" id="usage-title">
              {t("usage.title")}
            </Heading>
            <Text as="p" size="2" color="gray">
              {t("usage.intro")}
            </Text>
            <Flex gap="6" wrap="wrap">
              <UsageRing
                label={t("usage.storage")}
                usedBytes={usage.storage.usedBytes}
                limitBytes={usage.storage.limitBytes}
              />
              <UsageRing
                label={t("usage.traffic")}
                usedBytes={traffic.usedBytes}
                limitBytes={traffic.limitBytes}
                detail={
                  traffic.startPeriod !== null && traffic.endPeriod !== null
                    ? t("usage.thisMonth", {
                        start: day.format(traffic.startPeriod),
                        end: day.format(traffic.endPeriod),
                      })
                    : t("usage.inAll")
                }
              />
            </Flex>
          </Flex>
        </section>
      )}
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
        {cards.map(({ plan, current, action }) => (
          <PlanCard key={plan.planId} plan={plan} current={current} action={action} busy={busy} />
        ))}
      </Grid>
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
