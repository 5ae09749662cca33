import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { UPLOAD_FORM_MAX_BYTES } from "#app/services/request-body.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { receiveUploads } from "#app/services/uploads.server.ts";
import type { UploadOutcome } from "#app/services/uploads.ts";
import { UploadForm } from "./upload-form.tsx";
import { UploadPanel } from "./upload-panel.tsx";
import { requireUploader } from "./uploader.server.ts";

export const handle = {
  i18n: ["common", "files", "messages"],
  body: { maxBytes: UPLOAD_FORM_MAX_BYTES },
};

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

/** The upload dialog (docs/product.md#uploads; ADR 017), for those who may add files. */
export default function UploadDialog() {
  const { t } = useTranslation("files");
  const { base, back } = useLoaderData<typeof loader>();
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
          onFinished={finished}
          onBusyChange={setBusy}
        />
      ) : (
        <UploadForm back={back} result={result} />
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
