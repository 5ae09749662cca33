import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { can } from "#domain/roles.ts";
import { teamNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

const RenameSchema = z.object({ name: teamNameSchema });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "update", "team")) {
    return redirectWithToast(request, context, base, {
      type: "error",
      message: "messages:errors.forbidden",
    });
  }
  return data({ name: team.name, base }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const submission = parseWithZod(await request.formData(), { schema: RenameSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name } = submission.value;
  if (name === team.name) {
    return redirectWithToast(
      request,
      context,
      base,
      { type: "info", message: "toasts.teamUnchanged" },
      { status: 303, headers: auth.headers },
    );
  }
  try {
    await teamsApi.patch(context, auth.accessToken, team.teamId, [
      { op: "replace", path: "/name", value: name },
    ]);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return closeWithError(request, context, base, error, auth);
  }
  return redirectWithToast(
    request,
    context,
    base,
    { type: "success", message: "toasts.teamRenamed" },
    { status: 303, headers: auth.headers },
  );
}

export default function RenameTeamDialog() {
  const { t } = useTranslation("teams");
  const { name, base } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "rename-team",
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Spec section 4: disabled while the trimmed value is unchanged.
  const unchanged = (fields.name.value ?? "").trim() === name;
  return (
    <RouteDialog title={t("rename.title")} closeTo={base} closeLabel={t("rename.close")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={t("rename.name")} autoFocus autoComplete="off" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" size="3" loading={busy} disabled={hydrated && unchanged}>
              {t("rename.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
