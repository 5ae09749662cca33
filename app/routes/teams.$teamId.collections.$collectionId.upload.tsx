import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "#app/components/hydrated.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { UploadPanel } from "#app/components/upload-panel.tsx";
import { screenSearch } from "#app/routes/teams.$teamId.collections.$collectionId/files-filters.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { receiveUploads } from "#app/services/uploads.server.ts";
import { UPLOAD_ACCEPT, type UploadOutcome } from "#app/services/uploads.ts";
import { canCreateFile } from "#domain/roles.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/** The team, the collection, where to go back, or back there with "forbidden". */
async function requireUploader(request: Request, args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { context, params } = args;
  const { auth, team, base: teamBase } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const base = `${teamBase}/collections/${encodeURIComponent(collectionId)}`;
  const back = `${base}${screenSearch(new URL(request.url).searchParams)}`;
  const { body: collection } = await orGoBack(
    collectionsApi.get(context, auth.accessToken, team.teamId, collectionId),
    { request, context, to: teamBase, auth },
  );
  const allowed = canCreateFile(team.memberRole, {
    collectionMode: collection.mode,
    collectionCreatedBy: collection.createdBy,
    userId: userIdOf(auth),
  });
  if (!allowed) {
    throw await redirectWithToast(
      request,
      context,
      back,
      { type: "error", message: "messages:errors.forbidden" },
      { headers: auth.headers },
    );
  }
  return { auth, team, collection, base, back };
}

export async function loader(args: LoaderFunctionArgs) {
  const { auth, base, back } = await requireUploader(args.request, args);
  return data({ base, back }, { headers: auth.headers });
}

/**
 * The form without JavaScript: every chosen file goes on to the API. All arrived: back to the
 * files with a snackbar; otherwise the dialog lists what failed and why.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { auth, team, collection, back } = await requireUploader(request, args);
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return data(
      { outcomes: [] as UploadOutcome[], empty: true },
      { status: 400, headers: auth.headers },
    );
  }
  const outcomes = await receiveUploads(request, context, auth, {
    teamId: team.teamId,
    collectionId: collection.collectionId,
  });
  if (outcomes.length === 0) {
    return data({ outcomes, empty: true }, { status: 400, headers: auth.headers });
  }
  if (outcomes.every((outcome) => "fileId" in outcome)) {
    return redirectWithToast(
      request,
      context,
      back,
      {
        type: "success",
        message: "files:toasts.uploaded",
        values: { count: String(outcomes.length) },
      },
      { status: 303, headers: auth.headers },
    );
  }
  return data({ outcomes, empty: false }, { status: 400, headers: auth.headers });
}

/** The upload dialog (issue 5: upload from the web), for those who may add files. */
export default function UploadDialog() {
  const { t } = useTranslation("files");
  const { base, back } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const finished = useCallback(() => revalidator.revalidate(), [revalidator]);
  return (
    <RouteDialog
      title={t("upload.title")}
      closeTo={back}
      closeLabel={t("upload.close")}
      locked={busy}
    >
      {hydrated ? (
        <UploadPanel
          startUrl={`${base}/upload/start`}
          onFinished={finished}
          onBusyChange={setBusy}
        />
      ) : (
        <UploadForm back={back} />
      )}
      {hydrated ? (
        <Flex justify="end" mt="4">
          <Button asChild={!busy} variant="soft" disabled={busy}>
            {busy ? t("upload.wait") : <Link to={back}>{t("upload.done")}</Link>}
          </Button>
        </Flex>
      ) : null}
    </RouteDialog>
  );
}

/** Without JavaScript: a multipart form that posts the files through this route's action. */
function UploadForm({ back }: { back: string }) {
  const { t } = useTranslation("files");
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result?.outcomes.filter((outcome) => "error" in outcome) ?? [];
  const arrived = result?.outcomes.filter((outcome) => "fileId" in outcome) ?? [];
  return (
    <Form method="post" encType="multipart/form-data">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="upload-files">
            {t("upload.choose")}
          </Text>
          <input
            id="upload-files"
            name="files"
            type="file"
            multiple
            required
            accept={UPLOAD_ACCEPT}
            aria-describedby="upload-files-hint"
          />
          <Text id="upload-files-hint" size="1" color="gray">
            {t("upload.formHint")}
          </Text>
        </Flex>
        {result?.empty ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t("upload.errors.none")}</Callout.Text>
          </Callout.Root>
        ) : null}
        {failed.length > 0 ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>
              {arrived.length > 0 ? t("upload.someArrived", { count: arrived.length }) : null}{" "}
              {t("upload.failedList")}
            </Callout.Text>
            <ul className="upload-failures">
              {failed.map((outcome) => (
                <li key={outcome.name}>
                  <Text size="2">
                    <strong>{outcome.name}</strong>: {"error" in outcome ? t(outcome.error) : null}
                  </Text>
                </li>
              ))}
            </ul>
          </Callout.Root>
        ) : null}
        <Flex justify="end" gap="3">
          <Button asChild variant="soft" color="gray">
            <Link to={back}>{t("upload.cancel")}</Link>
          </Button>
          <Button type="submit" size="3" loading={busy}>
            {t("upload.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
