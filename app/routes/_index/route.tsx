import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTheme } from "remix-themes/build/theme-provider.js";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Grid, Heading, Text } from "#app/components/layout.tsx";
import { RoleIcon } from "#app/components/role-icon.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { detectLocale, i18nServer } from "#app/i18n/language.server.ts";
import { acceptedVersions } from "#app/i18n/legal-versions.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { planAction } from "#app/plans/plan-action.ts";
import { PlanCard } from "#app/plans/plan-card.tsx";
import { attempt, unlessRefused } from "#app/services/api/client.server.ts";
import { plansApi } from "#app/services/api/plans.server.ts";
import { subscriptionsApi } from "#app/services/api/subscriptions.server.ts";
import { requireGuest } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { dayOf } from "#domain/plans.ts";
import { ROLES } from "#domain/roles.ts";
import { Countdown } from "./countdown.tsx";
import { EarlyAccess } from "./early-access.tsx";
import shotDark from "./files-dark.webp?url";
import shotLight from "./files-light.webp?url";
import { EarlyAccessSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "landing", "plans", "messages"] };

/*
 * The public landing page (docs/product.md#landing, docs/product.md#routes), for guests: signed-in
 * visitors go on to their teams. Hero with the launch countdown, use cases, roles, plans, the
 * mobile app's badges, the early-access form and the credits. Every part is drawn on the server;
 * the countdown ticks with JavaScript.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const [t, catalogue] = await Promise.all([
    i18nServer.getFixedT(request),
    // The plans are one section of many: without the API they are left out, not the page.
    unlessRefused(plansApi.catalogue(context)).catch(() => null),
  ]);
  const { productName, contactEmail, launchAt, appStoreUrl, playStoreUrl } = context.config;
  const renderedAt = Date.now();
  return {
    title: t("home.metaTitle", { product: productName }),
    description: t("home.metaDescription"),
    productName,
    contactEmail: contactEmail ?? null,
    launchAt,
    renderedAt,
    // Before the launch the page gathers early-access requests; from it on, sign-ups.
    launched: launchAt <= renderedAt,
    appStoreUrl: appStoreUrl ?? null,
    playStoreUrl: playStoreUrl ?? null,
    // Where plans are sold: those on sale or coming (a retired plan is only for those who
    // have it). A server that sells none has nothing to show here.
    plans: catalogue?.billing
      ? catalogue.plans
          .filter((plan) => plan.badge !== "expired")
          .map((plan) => ({
            plan,
            // A guest's card: sign up, or why it can't be chosen yet.
            action: planAction(plan, {
              billing: true,
              currentPlan: null,
              today: dayOf(Date.now()),
            }),
          }))
      : [],
    subscribed: new URL(request.url).searchParams.get("early-access") === "done",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const submission = parseWithZod(await request.formData(), { schema: EarlyAccessSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { refusal } = await attempt(
    subscriptionsApi.subscribe(context, {
      email: submission.value.email,
      ...(await acceptedVersions()),
      locale: await detectLocale(request),
    }),
  );
  if (refusal) return formRefusal(submission, refusal);
  return redirect("/?early-access=done#request-early-access", { status: 303 });
}

const USE_CASES = ["construction", "events", "family", "friends", "realEstate", "sports"] as const;

export default function Landing() {
  const { t } = useTranslation(["common", "landing"]);
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Flex direction="column" gap="9" className="page">
      <Flex direction="column" gap="4" align="start" className="hero">
        <Heading as="h1" size={{ initial: "8", sm: "9" }}>
          {t("home.headline")}
        </Heading>
        <Text as="p" size="5" color="gray" className="lead">
          {t("home.lead")}
        </Text>
        <Countdown launchAt={page.launchAt} renderedAt={page.renderedAt} />
        <Flex gap="3" wrap="wrap">
          {page.launched ? (
            <Button asChild size="3">
              <Link to="/auth/signup">{t("nav.signUp")}</Link>
            </Button>
          ) : (
            <Button asChild size="3">
              <a href="#request-early-access">{t("landing:earlyAccessCta")}</a>
            </Button>
          )}
          <Button asChild size="3" variant="soft">
            <Link to="/auth/signin">{t("nav.signIn")}</Link>
          </Button>
        </Flex>
      </Flex>

      <ProductShot productName={page.productName} />

      <Grid columns={{ initial: "1", sm: "3" }} gap="4">
        {(["collect", "roles", "share"] as const).map((feature) => (
          <TextCard
            key={feature}
            heading="h2"
            title={t(`home.features.${feature}.title`)}
            text={t(`home.features.${feature}.text`)}
          />
        ))}
      </Grid>

      <section aria-labelledby="use-cases-title" className="landing-section">
        <Heading as="h2" size="6" id="use-cases-title" mb="4">
          {t("landing:useCases.title")}
        </Heading>
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
          {USE_CASES.map((useCase) => (
            <TextCard
              key={useCase}
              heading="h3"
              title={t(`landing:useCases.${useCase}.title`)}
              text={t(`landing:useCases.${useCase}.text`)}
            />
          ))}
        </Grid>
      </section>

      <section aria-labelledby="roles-title" className="landing-section">
        <Heading as="h2" size="6" id="roles-title" mb="2">
          {t("landing:roles.title")}
        </Heading>
        <Text as="p" color="gray" mb="4">
          {t("landing:roles.lead")}
        </Text>
        <dl className="roles-list">
          {ROLES.map((role) => (
            <Flex key={role} direction="column" gap="1" asChild>
              <div>
                <dt>
                  <Flex gap="2" align="center">
                    <RoleIcon role={role} />
                    <Text weight="bold">{t(`landing:roles.names.${role}`)}</Text>
                  </Flex>
                </dt>
                <dd>
                  <Text size="2" color="gray">
                    {t(`landing:roles.${role}`)}
                  </Text>
                </dd>
              </div>
            </Flex>
          ))}
        </dl>
      </section>

      {page.plans.length > 0 && (
        <section aria-labelledby="plans-title" className="landing-section">
          <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="4">
            <Heading as="h2" size="6" id="plans-title">
              {t("landing:plans.title")}
            </Heading>
            <TextLink asChild size="2">
              <Link to="/plans">{t("landing:plans.more")}</Link>
            </TextLink>
          </Flex>
          <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="4">
            {page.plans.map(({ plan, action }) => (
              <PlanCard
                key={plan.planId}
                plan={plan}
                current={false}
                action={action}
                busy={false}
              />
            ))}
          </Grid>
        </section>
      )}

      {(page.appStoreUrl || page.playStoreUrl) && (
        <section aria-labelledby="apps-title" className="landing-section">
          <Heading as="h2" size="6" id="apps-title" mb="2">
            {t("landing:apps.title")}
          </Heading>
          <Text as="p" color="gray" mb="4">
            {t("landing:apps.lead")}
          </Text>
          <Flex gap="3" wrap="wrap">
            {page.appStoreUrl && (
              <a className="store-badge" href={page.appStoreUrl} rel="noopener">
                {t("landing:apps.appStore")}
              </a>
            )}
            {page.playStoreUrl && (
              <a className="store-badge" href={page.playStoreUrl} rel="noopener">
                {t("landing:apps.playStore")}
              </a>
            )}
          </Flex>
        </section>
      )}

      {!page.launched && <EarlyAccess subscribed={page.subscribed} lastResult={lastResult} />}

      <section aria-labelledby="credits-title" className="landing-section">
        <Heading as="h2" size="4" id="credits-title" mb="2">
          {t("landing:credits.title")}
        </Heading>
        <Flex direction="column" gap="2">
          <Text as="p" size="2" color="gray">
            {t("landing:credits.made", { product: page.productName })}
          </Text>
          {page.contactEmail && (
            <Text as="p" size="2" color="gray">
              {t("landing:credits.contact")}{" "}
              <a href={`mailto:${page.contactEmail}`} className="inline-link">
                {page.contactEmail}
              </a>
              .
            </Text>
          )}
        </Flex>
      </section>
    </Flex>
  );
}

/** The shots' size in pixels: the page reserves their box before they load. */
const SHOT_SIZE = { width: 1200, height: 750 };

/**
 * A collection's files as the product shows them, on a computer and a phone, in the theme in
 * use. A chosen theme (the cookie, ADR 026) picks its picture on the server; without a choice,
 * the browser picks by the system's preference, so only one picture is fetched.
 */
function ProductShot({ productName }: { productName: string }) {
  const { t } = useTranslation("landing");
  // The server's choice while the page hydrates; then the toggle's, which changes it in place.
  const served = useRouteLoaderData<{ theme: "light" | "dark" | null }>("root")?.theme ?? null;
  const [chosen] = useTheme();
  const theme = useHydrated() ? chosen : served;
  const image = (
    <img
      src={theme === "dark" ? shotDark : shotLight}
      {...SHOT_SIZE}
      alt={t("shot.alt", { product: productName })}
      decoding="async"
    />
  );
  return (
    <figure className="product-shot">
      {theme === null ? (
        <picture>
          <source srcSet={shotDark} media="(prefers-color-scheme: dark)" {...SHOT_SIZE} />
          {image}
        </picture>
      ) : (
        image
      )}
    </figure>
  );
}

/** A title and a line, boxed: plain elements, which hydrate cheaply on a stranger's phone. */
function TextCard({
  heading: Title,
  title,
  text,
}: {
  heading: "h2" | "h3";
  title: string;
  text: string;
}) {
  return (
    <div className="text-card">
      <Title>{title}</Title>
      <p>{text}</p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
