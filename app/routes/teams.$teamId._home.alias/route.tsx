import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Callout } from "#app/components/callout.tsx";
import { Field, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { teamsApi } from "#app/services/api/teams.server.ts";
import { closeAsForbidden, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { can } from "#domain/roles.ts";
import { ConfirmAliasForm } from "./confirm-alias-form.tsx";
import { AliasSchema } from "./schemas.ts";

const loadAliasSchema = () => import("./schemas.ts").then((module) => module.AliasSchema);

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * Add an alias (docs/product.md#aliases): the field with its notes, then a confirmation, since an
 * alias can never be changed. Both steps are plain posts; a refused creation closes the dialog
 * with the reason in a snackbar.
 */

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!can(team.memberRole, "create", "teamAlias")) {
    return closeAsForbidden(request, context, base);
  }
  return data({ base }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const submission = parseWithZod(await request.formData(), { schema: AliasSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), confirm: null },
      { status: 400, headers: auth.headers },
    );
  }
  const { intent, alias } = submission.value;
  if (intent !== "create") {
    // Reviewed: ask for confirmation. Back: the field again, with what was typed.
    const confirm = intent === "review" ? alias : null;
    return data({ result: submission.reply(), confirm }, { headers: auth.headers });
  }
  const { body } = await orGoBack(
    teamsApi.createAlias(context, auth.accessToken, team.teamId, alias),
    { request, context, to: base, auth },
  );
  return redirectWithToast(
    request,
    context,
    base,
    { type: "success", message: "toasts.aliasCreated", values: { alias: body.alias } },
    { status: 303, headers: auth.headers },
  );
}

export default function AddAliasDialog() {
  const { t } = useTranslation("teams");
  const { base } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadAliasSchema, {
    id: "add-alias",
    lastResult: answer?.result,
  });
  const confirm = answer?.confirm;
  return (
    <RouteDialog title={t("alias.title")} closeTo={base} closeLabel={t("alias.close")}>
      {confirm ? (
        <ConfirmAliasForm alias={confirm} />
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="review" />
          <Flex direction="column" gap="4">
            <Field
              meta={fields.alias}
              label={t("alias.alias")}
              hint={t("alias.hint")}
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <Text as="p" size="2" color="gray">
              {t("alias.planNote")} {t("alias.uniqueNote")}
            </Text>
            <Callout.Root color="amber" highContrast role="note">
              <Callout.Text>{t("alias.immutableWarning")}</Callout.Text>
            </Callout.Root>
            <FormSubmit form={form} end>
              {t("alias.review")}
            </FormSubmit>
          </Flex>
        </Form>
      )}
    </RouteDialog>
  );
}
