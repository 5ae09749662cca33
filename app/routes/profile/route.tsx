import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { UserAvatar } from "#app/components/avatar.tsx";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { usersApi } from "#app/services/api/users.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { commitSession, getSession } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { profileOperations } from "./profile.server.ts";
import { ProfileForm } from "./profile-form.tsx";
import { ProfileSchema } from "./schemas.ts";

export const handle = { i18n: ["common", "profile", "messages"] };

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
      name: displayNameOf(user),
      title: t("metaTitle"),
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const user = await loadCurrentUser(request, context, auth);
  const operations = profileOperations(user, submission.value);
  if (operations.length === 0) {
    return redirectWithToast(
      request,
      context,
      "/profile",
      { type: "info", message: "toasts.profileUnchanged" },
      { status: 303, headers: auth.headers },
    );
  }
  const patched = await attempt(usersApi.patchMe(context, auth.accessToken, operations));
  if (patched.refusal) return formRefusal(submission, patched.refusal, { headers: auth.headers });
  // The header greets by name: keep it in step with the new one.
  const session = await getSession(request, context);
  session.set("displayName", displayNameOf(patched.value.body));
  const headers = new Headers(auth.headers);
  headers.append("Set-Cookie", await commitSession(request, context, session));
  return redirectWithToast(
    request,
    context,
    "/profile",
    { type: "success", message: "toasts.profileSaved" },
    { status: 303, headers },
  );
}

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { profile, email, username, avatarUrl, name } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
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
        <ProfileForm key={JSON.stringify(profile)} profile={profile} lastResult={lastResult} />
      </Card>
      <Outlet />
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
