import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Link as RadixLink, Separator, Text } from "@radix-ui/themes";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "#app/components/auth-card.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { requireGuest, signedInHome, startSession } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { commitSession, getSession } from "#app/services/session.server.ts";
import {
  classifySignInIdentifier,
  confirmPasswordRefinement,
  isObjectPayload,
  passwordSchema,
  signInIdentifierSchema,
  signInPasswordSchema,
} from "#domain/validation.ts";

export const handle = { i18n: ["common", "auth", "messages"] };

const SignInSchema = z.object({
  intent: z.literal("sign-in"),
  identifier: signInIdentifierSchema,
  password: signInPasswordSchema,
  team: z.string().trim().max(100).optional(),
});

const NewPasswordSchema = z
  .object({
    intent: z.literal("new-password"),
    newPassword: passwordSchema,
    confirmPassword: z.string().trim().optional(),
  })
  .superRefine(confirmPasswordRefinement("newPassword"), { when: isObjectPayload });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const [session, t] = await Promise.all([
    getSession(request, context),
    i18nServer.getFixedT(request, "auth"),
  ]);
  const query = new URL(request.url).searchParams;
  // Flashed by a social sign-in that failed; reading it once clears it.
  const signInError = session.get("signInError") ?? null;
  return data(
    {
      step: session.get("challenge") ? ("new-password" as const) : ("sign-in" as const),
      team: query.get("teamId") || query.get("team") || "",
      // After verifying an email, sign-in opens with that address filled in.
      identifier: query.get("email") ?? "",
      // Ids and names only: a provider's client id and secret stay on the server.
      providers: context.config.providers.map(({ id, name }) => ({ id, name })),
      signInError,
      title: t("signIn.metaTitle"),
    },
    signInError
      ? { headers: { "Set-Cookie": await commitSession(request, context, session) } }
      : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const home = signedInHome(new URL(request.url).searchParams);
  const session = await getSession(request, context);

  if (intent === "restart") {
    session.unset("challenge");
    return redirect(request.url, {
      status: 303,
      headers: { "Set-Cookie": await commitSession(request, context, session) },
    });
  }

  if (intent === "new-password") {
    const submission = parseWithZod(formData, { schema: NewPasswordSchema });
    const challenge = session.get("challenge");
    if (submission.status !== "success" || !challenge) {
      return data(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), {
        status: 400,
      });
    }
    const answered = await attempt(
      authApi.newPassword(context, { newPassword: submission.value.newPassword, ...challenge }),
    );
    if (answered.refusal) {
      return formRefusal(submission, answered.refusal, {
        hideFields: ["newPassword", "confirmPassword"],
      });
    }
    return startSession(request, context, answered.value.body.result, home);
  }

  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { identifier, password, team } = submission.value;
  const signedIn = await attempt(
    authApi.signIn(context, {
      ...classifySignInIdentifier(identifier),
      password,
      ...(team ? { team } : {}),
    }),
  );
  if (!signedIn.refusal) return startSession(request, context, signedIn.value.body.result, home);
  const { refusal } = signedIn;
  const { session: challengeSession, teamId, username } = refusal.body;
  if (
    refusal.errorCode === "newPasswordRequired" &&
    typeof challengeSession === "string" &&
    typeof teamId === "string" &&
    typeof username === "string"
  ) {
    session.set("challenge", { session: challengeSession, teamId, username });
    return redirect(request.url, {
      status: 303,
      headers: { "Set-Cookie": await commitSession(request, context, session) },
    });
  }
  return formRefusal(submission, refusal, { hideFields: ["password"] });
}

export default function SignInPage() {
  const { step, team, identifier } = useLoaderData<typeof loader>();
  return step === "new-password" ? (
    <NewPasswordForm />
  ) : (
    <SignInForm team={team} identifier={identifier} />
  );
}

/** Why the last social sign-in failed: a social message, else the API's, else a general one. */
function SignInErrorCallout() {
  const { t } = useTranslation(["auth", "messages"]);
  const { signInError } = useLoaderData<typeof loader>();
  if (!signInError) return null;
  const { code, provider } = signInError;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>
        {t([`social.errors.${code}`, `messages:errors.${code}`, "social.errors.failed"], {
          provider,
        })}
      </Callout.Text>
    </Callout.Root>
  );
}

/**
 * One plain form per configured provider, so the buttons work without JavaScript; a document
 * navigation, since the answer sends the browser to the provider's site.
 */
function SocialButtons({ team }: { team: string }) {
  const { t } = useTranslation("auth");
  const { providers } = useLoaderData<typeof loader>();
  if (providers.length === 0) return null;
  const query = team ? `?${new URLSearchParams({ teamId: team })}` : "";
  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="3" aria-hidden="true">
        <Separator size="4" />
        <Text size="2" color="gray">
          {t("signIn.or")}
        </Text>
        <Separator size="4" />
      </Flex>
      {providers.map((provider) => (
        <Form
          key={provider.id}
          method="post"
          action={`/auth/social/${provider.id}${query}`}
          reloadDocument
        >
          <Button type="submit" size="3" variant="outline" style={{ width: "100%" }}>
            {t("signIn.withProvider", { provider: provider.name })}
          </Button>
        </Form>
      ))}
    </Flex>
  );
}

function SignInForm({ team, identifier }: { team: string; identifier: string }) {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { team, identifier },
  });
  return (
    <AuthCard title={t("signIn.title")}>
      <SignInErrorCallout />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="sign-in" />
        <Flex direction="column" gap="4">
          <Field
            meta={fields.identifier}
            label={t("fields.identifier")}
            autoComplete="username"
            autoFocus
          />
          <Field
            meta={fields.password}
            label={t("fields.password")}
            type="password"
            autoComplete="current-password"
          />
          <details className="disclosure" open={Boolean(team)}>
            <summary>
              <Text size="2">{t("signIn.teamMember")}</Text>
            </summary>
            <Field meta={fields.team} label={t("fields.team")} hint={t("fields.teamHint")} />
          </details>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" loading={busy}>
            {t("signIn.submit")}
          </Button>
        </Flex>
      </Form>
      <SocialButtons team={team} />
      <Flex direction="column" gap="2">
        <Text size="2">
          <RadixLink asChild>
            <Link to="/auth/forgot">{t("signIn.forgot")}</Link>
          </RadixLink>
        </Text>
        <Text size="2">
          {t("signIn.noAccount")}{" "}
          <RadixLink asChild underline="always">
            <Link to="/auth/signup">{t("signIn.signUp")}</Link>
          </RadixLink>
        </Text>
      </Flex>
    </AuthCard>
  );
}

function NewPasswordForm() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("newPassword.title")}>
      <Callout.Root color="amber" highContrast role="note">
        <Callout.Text>{t("newPassword.warning")}</Callout.Text>
      </Callout.Root>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="new-password" />
        <Flex direction="column" gap="4">
          <Field
            meta={fields.newPassword}
            label={t("fields.newPassword")}
            type="password"
            autoComplete="new-password"
            hint={t("fields.passwordHint")}
            autoFocus
          />
          <Field
            meta={fields.confirmPassword}
            label={t("fields.confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" loading={busy}>
            {t("newPassword.submit")}
          </Button>
        </Flex>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="restart" variant="ghost" color="gray">
          {t("newPassword.restart")}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
