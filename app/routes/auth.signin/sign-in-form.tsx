import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { Trans, useTranslation } from "#app/i18n/react.tsx";
import { isAuthErrorKey } from "#app/services/auth-errors.ts";
import type { SignInError } from "#app/services/session.server.ts";
import { SocialButtons } from "./social-buttons.tsx";

const loadSignInSchema = () => import("./schemas.ts").then((module) => module.SignInSchema);

/**
 * Why the last social sign-in failed. An authentication error of docs/product.md#errors (what the
 * provider's callback ended in) follows externalIdentifierError, which names the provider when the
 * callback was this browser's; any other code shows its social message, else the API's.
 */
function SignInErrorCallout({ error }: { error: SignInError | null }) {
  const { t } = useTranslation(["auth", "messages"]);
  if (!error) return null;
  const { code, provider } = error;
  let text: string;
  if (isAuthErrorKey(code)) {
    const reason = t(`social.authErrors.${code}`);
    text = provider
      ? `${t("messages:errors.externalIdentifierError", { provider })} ${reason}`
      : reason;
  } else {
    text = t([`social.errors.${code}`, `messages:errors.${code}`], { provider });
  }
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  );
}

/**
 * Email or username and a password, the team code for a team's internal member (folded
 * away unless the address names a team), the social buttons, and the ways on.
 */
export function SignInForm({
  team,
  identifier,
  invitedEmail,
  signInError,
  providers,
  lastResult,
}: {
  team: string;
  identifier: string;
  /** The address of an invitation this guest chose to accept: they join once signed in. */
  invitedEmail: string;
  signInError: SignInError | null;
  providers: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(loadSignInSchema, {
    id: "sign-in",
    lastResult,
    defaultValue: { team, identifier },
  });
  return (
    <AuthCard title={t("signIn.title")}>
      {invitedEmail ? (
        <Callout.Root role="note">
          <Callout.Text>
            <Trans
              t={t}
              i18nKey="signIn.invitation"
              values={{ email: invitedEmail }}
              components={{ strong: <strong /> }}
            />
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <SignInErrorCallout error={signInError} />
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
          <FormSubmit form={form}>{t("signIn.submit")}</FormSubmit>
        </Flex>
      </Form>
      <SocialButtons team={team} providers={providers} />
      <Flex direction="column" gap="2">
        <Text size="2">
          <TextLink asChild>
            <Link to="/auth/forgot">{t("signIn.forgot")}</Link>
          </TextLink>
        </Text>
        <Text size="2">
          {t("signIn.noAccount")}{" "}
          <TextLink asChild underline="always">
            <Link to="/auth/signup">{t("signIn.signUp")}</Link>
          </TextLink>
        </Text>
      </Flex>
    </AuthCard>
  );
}
