import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
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
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Field, FieldErrors, FormErrors, useMessage } from "#app/components/forms.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { TeamList } from "#app/components/team-list.tsx";
import { displayNameOf } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { loadCurrentUser, requireAuth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { loadTeamPage } from "#app/services/team-list.server.ts";
import { teamPath } from "#app/services/teams.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { DEFAULT_TEAM_MODE, TEAM_MODES } from "#domain/roles.ts";
import {
  optionalNicknameSchema,
  teamDescriptionSchema,
  teamNameSchema,
} from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

const CreateTeamSchema = z.object({
  name: teamNameSchema,
  description: teamDescriptionSchema,
  nickname: optionalNicknameSchema,
  mode: z.enum(TEAM_MODES).default(DEFAULT_TEAM_MODE),
});

/** The signed-in landing page: the caller's teams; exactly one team opens it straight away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const [user, page, t] = await Promise.all([
    loadCurrentUser(request, context, auth),
    loadTeamPage(request, context, auth),
    i18nServer.getFixedT(request, "teams"),
  ]);
  const creating = query.has("create");
  const [only] = page.teams;
  if (only && page.teams.length === 1 && !page.lastKey && !page.q && !page.after && !creating) {
    throw redirect(teamPath(only), { headers: auth.headers });
  }
  return data(
    {
      ...page,
      creating,
      canCreate: user.userScope === "global",
      name: displayNameOf(user),
      title: t("list.metaTitle"),
    },
    { headers: auth.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const submission = parseWithZod(await request.formData(), { schema: CreateTeamSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const created = await attempt(teamsApi.create(context, auth.accessToken, submission.value));
  if (created.refusal) return formRefusal(submission, created.refusal, { headers: auth.headers });
  return redirectWithToast(
    request,
    context,
    teamPath({ teamId: created.value.body.teamId }),
    { type: "success", message: "toasts.teamCreated" },
    { status: 303, headers: auth.headers },
  );
}

export default function TeamsPage() {
  const { t } = useTranslation("teams");
  const page = useLoaderData<typeof loader>();
  const search = page.q ? `?${new URLSearchParams({ q: page.q })}` : "";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {t("list.title")}
        </Heading>
        {page.canCreate ? (
          <Button asChild size="3">
            <Link
              to={`/teams?${new URLSearchParams({ ...(page.q ? { q: page.q } : {}), create: "" })}`}
            >
              {t("list.create")}
            </Link>
          </Button>
        ) : null}
      </Flex>
      <Text as="p" size="3">
        {t("list.welcome", { name: page.name })}
      </Text>
      <TeamList page={page} path="/teams" />
      {page.creating && page.canCreate ? <CreateTeamDialog closeTo={`/teams${search}`} /> : null}
    </Flex>
  );
}

function CreateTeamDialog({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().formAction?.startsWith("/teams") ?? false;
  const [form, fields] = useForm({
    id: "create-team",
    lastResult,
    defaultValue: { mode: DEFAULT_TEAM_MODE },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateTeamSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const descriptionHint = `${fields.description.id}-hint`;
  return (
    <RouteDialog title={t("create.title")} closeTo={closeTo} closeLabel={t("create.close")}>
      <Form method="post" action="/teams?index&create" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={t("create.name")} autoFocus autoComplete="off" />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={fields.description.id}>
              {t("create.description")}
            </Text>
            <TextArea
              size="3"
              {...getTextareaProps(fields.description, { ariaDescribedBy: descriptionHint })}
            />
            <Text id={descriptionHint} size="1" color="gray">
              {t("create.descriptionHint")}
            </Text>
            <FieldErrors
              id={fields.description.errorId}
              errors={fields.description.errors}
              format={message}
            />
          </Flex>
          <Field
            meta={fields.nickname}
            label={t("create.nickname")}
            hint={t("create.nicknameHint")}
            autoComplete="nickname"
          />
          <fieldset className="choice-group">
            <legend>
              <Text size="2" weight="medium">
                {t("create.mode")}
              </Text>
            </legend>
            {TEAM_MODES.map((mode) => (
              <label key={mode} className="choice">
                <input
                  {...getInputProps(fields.mode, { type: "radio", value: mode })}
                  key={mode}
                  aria-describedby={`${fields.mode.id}-${mode}-hint`}
                />
                <span>
                  <Text as="span" size="2" weight="medium">
                    {t(`modes.${mode}`)}
                  </Text>
                  <Text as="span" size="1" color="gray" id={`${fields.mode.id}-${mode}-hint`}>
                    {t(`modes.${mode}Hint`)}
                  </Text>
                </span>
              </label>
            ))}
          </fieldset>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" size="3" loading={busy}>
              {t("create.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
