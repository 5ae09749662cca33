import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { UserAvatar } from "#app/components/avatar.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { displayNameOf, type User } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { type ProfileOperation, usersApi } from "#app/services/api/users.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { commitSession, getSession } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { nicknameSchema, personNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "profile", "messages"] };

/** Conform hands a blank field over as undefined: for a name that means "clear it". */
const ProfileSchema = z.object({
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  nickname: nicknameSchema,
});

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

/** The operations that turn `user` into the submitted profile; none when nothing changed. */
function profileOperations(user: User, value: z.infer<typeof ProfileSchema>) {
  const operations: ProfileOperation[] = [];
  const names = [
    ["/firstName", user.firstName, value.firstName ?? null],
    ["/lastName", user.lastName, value.lastName ?? null],
  ] as const;
  for (const [path, before, after] of names) {
    if (before === after) continue;
    operations.push(
      after === null ? { op: "remove", path } : { op: "replace", path, value: after },
    );
  }
  if (value.nickname !== user.nickname) {
    operations.push({ op: "replace", path: "/nickname", value: value.nickname });
  }
  return operations;
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
            <RadixLink asChild size="2">
              <Link to="/profile/avatar" preventScrollReset>
                {avatarUrl ? t("avatar.change") : t("avatar.add")}
              </Link>
            </RadixLink>
          </Flex>
        </Flex>
      </Card>
      <Card size="3">
        {/* A saved profile remounts the form, so it shows what was stored (trimmed) and is clean. */}
        <ProfileForm key={JSON.stringify(profile)} profile={profile} />
      </Card>
      <Outlet />
    </Flex>
  );
}

function ProfileForm({ profile }: { profile: z.input<typeof ProfileSchema> }) {
  const { t } = useTranslation("profile");
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().formAction === "/profile";
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: profile,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/profile" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
        <Field
          meta={fields.nickname}
          label={t("fields.nickname")}
          hint={t("fields.nicknameHint")}
          autoComplete="nickname"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          {/* Without JavaScript the button is always on; the server saves only changes. */}
          <Button type="submit" size="3" loading={busy} disabled={hydrated && !form.dirty}>
            {t("save")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
