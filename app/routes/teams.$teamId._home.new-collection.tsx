import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text, TextArea } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FieldErrors, FormErrors } from "#app/components/forms.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { filtersHref, readFilters } from "#app/routes/teams.$teamId._home/collections-filters.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canCreateCollection, canMakeCollaborative } from "#domain/roles.ts";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * The create-collection dialog (spec section 2): name, description and "collaborative", which
 * uploaders and upviewers cannot tick. The API's refusals show in an alert inside the dialog.
 */

const CreateSchema = z.object({
  name: collectionNameSchema,
  description: collectionDescriptionSchema,
  collaborative: z.literal("on").optional(),
});

/** The team page with the filters the dialog was opened from. */
function backTo(request: Request, base: string) {
  return filtersHref(base, readFilters(new URL(request.url).searchParams));
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = backTo(request, base);
  if (!canCreateCollection(team.memberRole, team.mode)) {
    return redirectWithToast(request, context, back, {
      type: "error",
      message: "messages:errors.forbidden",
    });
  }
  return data(
    { back, mayCollaborate: canMakeCollaborative(team.memberRole) },
    { headers: auth.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = backTo(request, base);
  const submission = parseWithZod(await request.formData(), { schema: CreateSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name, description, collaborative } = submission.value;
  const { refusal } = await attempt(
    collectionsApi.create(context, auth.accessToken, team.teamId, {
      name,
      ...(description ? { description } : {}),
      mode: collaborative && canMakeCollaborative(team.memberRole) ? "collaborative" : "owned",
    }),
  );
  // Spec section 8: create-collection errors appear in an alert inside the dialog.
  if (refusal) return formRefusal(submission, refusal, { headers: auth.headers });
  return redirectWithToast(
    request,
    context,
    back,
    { type: "success", message: "collections:toasts.created", values: { name } },
    { status: 303, headers: auth.headers },
  );
}

export default function NewCollectionDialog() {
  const { t } = useTranslation("collections");
  const { back, mayCollaborate } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-collection",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const hintId = `${fields.collaborative.id}-hint`;
  return (
    <RouteDialog title={t("new.title")} closeTo={back} closeLabel={t("new.close")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={t("new.name")} autoFocus autoComplete="off" />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={fields.description.id}>
              {t("new.description")}
            </Text>
            <TextArea
              size="3"
              rows={3}
              {...getTextareaProps(fields.description)}
              key={fields.description.key}
            />
            <FieldErrors id={fields.description.errorId} errors={fields.description.errors} />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" className="choice">
              <input
                {...getInputProps(fields.collaborative, { type: "checkbox", value: "on" })}
                key={fields.collaborative.key}
                disabled={!mayCollaborate}
                aria-describedby={mayCollaborate ? undefined : hintId}
              />
              <span>{t("new.collaborative")}</span>
            </Text>
            {mayCollaborate ? null : (
              <Text id={hintId} size="1" color="gray">
                {t("new.collaborativeDisabled")}
              </Text>
            )}
          </Flex>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" size="3" loading={busy}>
              {t("new.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
