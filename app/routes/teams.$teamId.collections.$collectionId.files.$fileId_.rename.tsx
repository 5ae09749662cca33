import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { screenSearch } from "#app/components/files-filters.ts";
import { Field, FormErrors } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { filesApi, userIdOf } from "#app/services/api/files.server.ts";
import { closeWithError, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canRenameFile } from "#domain/roles.ts";
import { fileNameSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "files", "messages"] };

const RenameSchema = z.object({ name: fileNameSchema });

/** The file, the screen to go back to, and whether the caller may rename it at all. */
async function loadFile(request: Request, args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { context, params } = args;
  const { auth, team, base: teamBase } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const back = `${teamBase}/collections/${encodeURIComponent(collectionId)}${screenSearch(new URL(request.url).searchParams)}`;
  try {
    const { body: file } = await filesApi.get(
      context,
      auth.accessToken,
      team.teamId,
      collectionId,
      params.fileId ?? "",
    );
    const actor = { userId: userIdOf(auth.accessToken), role: team.memberRole };
    if (!canRenameFile(actor, file)) {
      throw new ApiRequestError(403, "forbidden", "You may not rename this file");
    }
    return { auth, team, file, back };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.statusCode >= 500) throw error;
    throw await closeWithError(request, context, back, error, auth);
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, file, back } = await loadFile(args.request, args);
  return data({ name: file.name, back }, { headers: auth.headers });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, file, back } = await loadFile(request, args);
  const submission = parseWithZod(await request.formData(), { schema: RenameSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { name } = submission.value;
  if (name === file.name) {
    return redirectWithToast(
      request,
      context,
      back,
      { type: "info", message: "files:toasts.unchanged" },
      { status: 303, headers: auth.headers },
    );
  }
  try {
    await filesApi.rename(
      context,
      auth.accessToken,
      team.teamId,
      file.collectionId,
      file.fileId,
      name,
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return closeWithError(request, context, back, error, auth);
  }
  return redirectWithToast(
    request,
    context,
    back,
    { type: "success", message: "files:toasts.renamed" },
    { status: 303, headers: auth.headers },
  );
}

/** The rename dialog (spec section 2): errors close it with a snackbar (spec section 8). */
export default function RenameFileDialog() {
  const { t } = useTranslation("files");
  const { name, back } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "rename-file",
    lastResult,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
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
