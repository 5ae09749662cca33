import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { UploadPanel } from "#app/files/upload-panel.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { filesApi } from "#app/services/api/files.server.ts";
import { UPLOAD_FORM_MAX_BYTES } from "#app/services/request-body.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { receiveUploads } from "#app/services/uploads.server.ts";
import type { UploadOutcome } from "#app/services/uploads.ts";
import { UploadForm } from "./upload-form.tsx";
import { requireUploader } from "./uploader.server.ts";

/** When a post that found the server busy may come again. */
const BUSY_RETRY_AFTER_SECONDS = 60;

export const handle = {
  i18n: ["common", "files", "messages"],
  body: { maxBytes: UPLOAD_FORM_MAX_BYTES },
};

export async function loader(args: LoaderFunctionArgs) {
  const { auth, team, collection, base, back } = await requireUploader(args.request, args);
  // The form without JavaScript says its limits before a file is chosen (ADR 083).
  const { body: room } = await filesApi.uploadRoom(
    args.context,
    auth.accessToken,
    team.teamId,
    collection.collectionId,
  );
  const limits = {
    fileMaxBytes: Math.min(room.fileMaxBytes, args.context.config.uploadForm.fileMaxBytes),
    storageLeftBytes: room.storageLeftBytes,
  };
  // Where a reload's interrupted uploads are finished (ADR 104).
  const resume = {
    scope: `collection:${collection.collectionId}`,
    teamId: team.teamId,
    label: collection.name,
    href: `${base}/upload`,
  };
  return data({ base, back, limits, resume }, { headers: auth.headers });
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
  const { outcomes, busy } = await receiveUploads(request, context, auth, {
    teamId: team.teamId,
    collectionId: collection.collectionId,
  });
  if (busy) {
    // The temporary space of uploads without JavaScript is spent (ADR 083): nothing was read.
    const headers = new Headers(auth.headers);
    headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return data({ outcomes, empty: false, busy: true }, { status: 503, headers });
  }
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

/** The upload dialog (docs/product.md#uploads; ADR 017), for those who may add files. */
export default function UploadDialog() {
  const { t } = useTranslation("files");
  const { base, back, limits, resume } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
          duplicatesUrl={`${base}/upload/duplicates`}
          resume={resume}
          onFinished={finished}
          onBusyChange={setBusy}
        />
      ) : (
        <UploadForm back={back} result={result} limits={limits} />
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
