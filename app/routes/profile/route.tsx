import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { UserAvatar } from "#app/components/avatar.tsx";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { DeleteAccountSection } from "./delete-account-form.tsx";
import { EmailSection } from "./email-form.tsx";
import { PasswordSection } from "./password-form.tsx";
import {
  changePassword,
  deleteAccount,
  requestEmailChange,
  saveProfile,
  signOutEverywhere,
  signOutOtherDevices,
} from "./profile.server.ts";
import { ProfileForm } from "./profile-form.tsx";
import { SessionsSection } from "./sessions-form.tsx";

// auth: the new-password fields' labels and policy hint.
export const handle = { i18n: ["common", "profile", "auth", "messages"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [user, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    i18nServer.getFixedT(request, "profile"),
  ]);
  return data(
    {
      profile: {
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        nickname: user.nickname ?? "",
      },
      email: user.email,
      username: user.username,
      avatarUrl: user.avatarUrl,
      hasPassword: user.hasPassword,
      internal: user.userScope === "team",
      name: displayNameOf(user),
      title: t("metaTitle"),
    },
    { headers: auth.headers },
  );
}

/** The page's forms, each named by its submit's intent (docs/architecture.md). */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "profile":
      return saveProfile(request, context, auth, formData);
    case "email":
      return requestEmailChange(request, context, auth, formData);
    case "password":
      return changePassword(request, context, auth, formData);
    case "signOutOthers":
      return signOutOtherDevices(request, context, auth);
    case "signOutEverywhere":
      return signOutEverywhere(request, context, auth);
    case "delete":
      return deleteAccount(request, context, auth, formData);
    default:
      return unknownIntent();
  }
}

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { profile, email, username, avatarUrl, hasPassword, internal, name } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const resultOf = (intent: string) =>
    answer && "intent" in answer && answer.intent === intent ? answer.result : undefined;
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Heading as="h1" size="7">
        {t("title")}
      </Heading>
      <Card size="3">
        <Flex gap="4" align="center" wrap="wrap">
          <UserAvatar url={avatarUrl} name={name} size={72} />
          <Flex direction="column" gap="1">
            <Text weight="bold" size="4">
              {name}
            </Text>
            <Text size="2" color="gray">
              {email ?? username}
            </Text>
            <TextLink asChild size="2">
              <Link to="/profile/avatar" preventScrollReset>
                {avatarUrl ? t("avatar.change") : t("avatar.add")}
              </Link>
            </TextLink>
          </Flex>
        </Flex>
      </Card>
      <Card size="3">
        {/* A saved profile remounts the form, so it shows what was stored (trimmed) and is clean. */}
        <ProfileForm
          key={JSON.stringify(profile)}
          profile={profile}
          lastResult={resultOf("profile")}
        />
      </Card>
      {email !== null && !internal && (
        <Card size="3">
          <EmailSection hasPassword={hasPassword} lastResult={resultOf("email")} />
        </Card>
      )}
      <Card size="3">
        <PasswordSection hasPassword={hasPassword} lastResult={resultOf("password")} />
      </Card>
      <Card size="3">
        <SessionsSection />
      </Card>
      <Card size="3">
        <DeleteAccountSection
          hasPassword={hasPassword}
          internal={internal}
          lastResult={resultOf("delete")}
        />
      </Card>
      <Outlet />
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
