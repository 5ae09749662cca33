import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "#app/components/auth-card.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Field, FormErrors, useMessage } from "#app/components/forms.tsx";
import type { TokensResult } from "#app/services/api/auth.server.ts";
import { type ApiRequestError, attempt } from "#app/services/api/client.server.ts";
import { membersApi } from "#app/services/api/members.server.ts";
import { getAuth, signedInSession, signInFirst } from "#app/services/auth.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { INVITATION_REDIRECT_DELAY_MS } from "#domain/constants.ts";
import type { Role } from "#domain/roles.ts";
import { confirmPasswordRefinement, isObjectPayload, passwordSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "auth", "teams", "messages"] };

/*
 * Accepting an invitation (spec sections 2 and 4). Opening the mailed link only shows what it
 * is: mail scanners open links too, so accepting is a post. A guest without an account gets the
 * registration form with the invited address fixed; a guest with one signs in first and comes
 * back here. Once in, the team opens after a second (a meta refresh without JavaScript).
 */

const RegisterSchema = z
  .object({
    intent: z.literal("register"),
    password: passwordSchema,
    confirmPassword: z.string().trim().optional(),
  })
  .superRefine(confirmPasswordRefinement("password"), { when: isObjectPayload });

const hideFields = ["password", "confirmPassword"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const t = await i18nServer.getFixedT(request, "teams");
  return data({
    teamId: params.teamId ?? "",
    key,
    error: key ? null : "invalidAcceptToken",
    title: t("invitation.acceptMetaTitle"),
  });
}

type Answer =
  | { step: "joined"; role: Role; teamPath: string }
  | { step: "register"; email: string; result?: SubmissionResult<string[]> }
  | { step: "error"; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const teamId = params.teamId ?? "";
  const key = new URL(request.url).searchParams.get("key") ?? "";
  if (!key) return data({ step: "error", error: "invalidAcceptToken" } satisfies Answer, 400);
  const formData = await request.formData();
  const auth = await getAuth(request, context);
  const teamPath = `/teams/${encodeURIComponent(teamId)}`;

  const email = String(formData.get("email") ?? "");
  const registering = formData.get("intent") === "register";
  let password: string | undefined;
  if (registering) {
    const submission = parseWithZod(formData, { schema: RegisterSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields });
      return data({ step: "register", email, result } satisfies Answer, 400);
    }
    password = submission.value.password;
  }

  const accepted = await attempt(
    membersApi.acceptInvitation(
      context,
      teamId,
      { token: key, ...(password ? { password } : {}) },
      auth?.accessToken,
    ),
  );
  if (accepted.refusal) return refused(accepted.refusal);
  const { body } = accepted.value;
  const joined: Answer = { step: "joined", role: body.membership.role, teamPath };
  if (body.auth) {
    const { headers } = await signedInSession(
      request,
      context,
      body.auth.result as TokensResult,
      teamPath,
    );
    return data(joined, { headers });
  }
  return data(joined, { headers: auth?.headers });

  async function refused(refusal: ApiRequestError) {
    const invited = typeof refusal.body.email === "string" ? refusal.body.email : email;
    if (refusal.errorCode === "newInvitedAccountRequired") {
      return data({ step: "register", email: invited } satisfies Answer);
    }
    if (refusal.errorCode === "authorizationRequired" && !auth) {
      // An account with that address exists: sign in, then come back to this link.
      throw await signInFirst(request, context);
    }
    if (registering && refusal.statusCode === 400) {
      const result: SubmissionResult<string[]> = {
        status: "error",
        error: { "": [`errors.${refusal.errorCode}`] },
      };
      return data({ step: "register", email: invited, result } satisfies Answer, 400);
    }
    return data({ step: "error", error: `errors.${refusal.errorCode}` } satisfies Answer, {
      status: refusal.statusCode,
      headers: auth?.headers,
    });
  }
}

export default function AcceptInvitationPage() {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const { teamId, key, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rejectPath = `/teams/${encodeURIComponent(teamId)}/invitations/reject?${new URLSearchParams({ key })}`;

  if (answer?.step === "joined") return <Joined role={answer.role} teamPath={answer.teamPath} />;
  if (answer?.step === "register") {
    const lastResult =
      "result" in answer ? (answer.result as SubmissionResult<string[]>) : undefined;
    return <RegisterForm email={answer.email} lastResult={lastResult} />;
  }
  const problem = error ?? (answer?.step === "error" ? answer.error : null);
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      {problem ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{message(problem)}</Callout.Text>
        </Callout.Root>
      ) : null}
      {error ? null : (
        <Form method="post">
          <Flex direction="column" gap="4">
            <Text as="p">{t("invitation.acceptIntro")}</Text>
            <Button type="submit" size="3" loading={busy}>
              {t("invitation.accept")}
            </Button>
            <RadixLink asChild size="2">
              <Link to={rejectPath}>{t("invitation.rejectInstead")}</Link>
            </RadixLink>
          </Flex>
        </Form>
      )}
    </AuthCard>
  );
}

function Joined({ role, teamPath }: { role: Role; teamPath: string }) {
  const { t } = useTranslation("teams");
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(teamPath), INVITATION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, teamPath]);
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      <noscript>
        <meta
          httpEquiv="refresh"
          content={`${INVITATION_REDIRECT_DELAY_MS / 1000};url=${teamPath}`}
        />
      </noscript>
      <Callout.Root color="grass" role="status">
        <Callout.Text>{t("invitation.joined", { role: t(`roles.${role}`) })}</Callout.Text>
      </Callout.Root>
      <Text as="p" size="2" color="gray">
        {t("invitation.joinedNext")}
      </Text>
      <Button asChild size="3">
        <Link to={teamPath}>{t("invitation.openTeam")}</Link>
      </Button>
    </AuthCard>
  );
}

function RegisterForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invitation-register",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { t: tAuth } = useTranslation("auth");
  return (
    <AuthCard title={t("invitation.acceptTitle")}>
      <Text as="p" size="2" color="gray">
        {t("invitation.registerIntro")}
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="email" value={email} />
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="invited-email">
              {t("invitation.email")}
            </Text>
            <TextField.Root
              id="invited-email"
              size="3"
              value={email}
              readOnly
              autoComplete="username"
            />
          </Flex>
          <Field
            meta={fields.password}
            label={t("invitation.password")}
            type="password"
            autoComplete="new-password"
            hint={tAuth("fields.passwordHint")}
            autoFocus
          />
          <Field
            meta={fields.confirmPassword}
            label={t("invitation.confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" loading={busy}>
            {t("invitation.register")}
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
