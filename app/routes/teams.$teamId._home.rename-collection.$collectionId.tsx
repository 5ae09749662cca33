import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { filtersHref, readFilters } from "#app/components/collections-filters.ts";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canRenameCollection } from "#domain/roles.ts";
import { collectionNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "teams", "messages", "collections"] };

/*
 * Rename a collection (the row menu, spec section 2). Save is disabled while the trimmed name is
 * unchanged; the API's refusal closes the dialog with an error toast (spec section 8).
 */

const RenameSchema = z.object({ name: collectionNameSchema });

/** The caller, the team, the collection, and the team page with the dialog's filters. */
async function load(
  request: Request,
  context: LoaderFunctionArgs["context"],
  params: LoaderFunctionArgs["params"],
) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  const back = filtersHref(base, readFilters(new URL(request.url).searchParams));
  try {
    const [{ body: collection }, { body: me }] = await Promise.all([
      collectionsApi.get(context, auth.accessToken, team.teamId, params.collectionId ?? ""),
      authApi.me(context, auth.accessToken),
    ]);
    if (!canRenameCollection({ userId: me.userId, role: team.memberRole }, collection)) {
      throw new ApiRequestError(403, "forbidden", "The role cannot rename this collection");
    }
    return { auth, team, back, collection };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    throw await closeWithError(request, context, back, error, auth);
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, back, collection } = await load(request, context, params);
  return data({ back, name: collection.name }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, back, collection } = await load(request, context, params);
  const submission = parseWithZod(await request.formData(), { schema: RenameSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name } = submission.value;
  if (name === collection.name) {
    return redirectWithToast(
      request,
      context,
      back,
      { type: "info", message: "collections:toasts.unchanged" },
      { status: 303, headers: auth.headers },
    );
  }
  try {
    await collectionsApi.patch(context, auth.accessToken, team.teamId, collection.collectionId, [
      { op: "replace", path: "/name", value: name },
    ]);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return closeWithError(request, context, back, error, auth);
  }
  return redirectWithToast(
    request,
    context,
    back,
    { type: "success", message: "collections:toasts.renamed" },
    { status: 303, headers: auth.headers },
  );
}

export default function RenameCollectionDialog() {
  const { t } = useTranslation("collections");
  const { name, back } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "rename-collection",
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Spec section 4: disabled while pending or unchanged.
  const unchanged = (fields.name.value ?? "").trim() === name;
  return (
    <RouteDialog title={t("rename.title")} closeTo={back} closeLabel={t("rename.close")}>
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
