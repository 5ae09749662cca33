import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Field, FieldErrors, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { useRevalidateWhile } from "#app/components/poll.ts";
import { Progress } from "#app/components/progress.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_STATUS_POLL_MS } from "#domain/constants.ts";
import { imageFileProblem } from "#domain/image-file.ts";
import { IMAGE_KINDS, type ImageDialog, type ImageKind } from "./image-kinds.ts";
import type { ImageActionResult, ImageDialogTab } from "./image-upload.ts";

/** The dialog's words: `<namespace>:<prefix>.<key>` (profile:avatar.*, teams:logo.*). */
interface ImageDialogTexts {
  title: string;
  close: string;
  intro: string;
  tabs: string;
  tabFile: string;
  tabLink: string;
  file: string;
  fileHint: string;
  link: string;
  linkHint: string;
  preview: string;
  upload: string;
  useLink: string;
  /** With {{percent}}. */
  uploading: (percent: number) => string;
  processing: string;
  processingNoScript: string;
}

const TEXT_KEYS = [
  "title",
  "close",
  "intro",
  "tabs",
  "tabFile",
  "tabLink",
  "file",
  "fileHint",
  "link",
  "linkHint",
  "preview",
  "upload",
  "useLink",
  "processing",
  "processingNoScript",
] as const;

function useImageDialogTexts(kind: ImageKind): ImageDialogTexts {
  const { namespace, prefix } = IMAGE_KINDS[kind].words;
  const { t } = useTranslation(namespace, { keyPrefix: prefix });
  const words = Object.fromEntries(TEXT_KEYS.map((key) => [key, t(key)])) as Record<
    (typeof TEXT_KEYS)[number],
    string
  >;
  return { ...words, uploading: (percent) => t("uploading", { percent }) };
}

interface ImageDialogLoaderData {
  tab: ImageDialogTab;
  id: string | null;
  status: "processing" | "error" | null;
}

const loadLinkSchema = () =>
  import("./image-upload.schemas.ts").then((module) => module.ImageLinkSchema);

/**
 * An image dialog (docs/product.md#images): a file from this device or a link. With JavaScript the
 * file goes straight to the API's signed upload address with progress, and the dialog polls every
 * second; without it the form posts the file to `path` and the page refreshes itself. Locked
 * against closing while the image uploads or is being prepared.
 */
export function ImageUploadDialog({ dialog }: { dialog: ImageDialog }) {
  const { path, closeTo } = dialog;
  const { failureMessage, invalidError } = IMAGE_KINDS[dialog.kind];
  const message = useMessage();
  const texts = useImageDialogTexts(dialog.kind);
  const { tab, id, status } = useLoaderData<ImageDialogLoaderData>();
  const actionData = useActionData<ImageActionResult>();
  const [uploading, setUploading] = useState(false);
  const waiting = status === "processing";

  // Poll every second until the image is ready (the loader then redirects) or failed.
  useRevalidateWhile(waiting, IMAGE_STATUS_POLL_MS);

  return (
    <RouteDialog
      title={texts.title}
      closeTo={closeTo}
      closeLabel={texts.close}
      locked={uploading || waiting}
    >
      {waiting ? (
        <Flex direction="column" gap="3" role="status">
          <Text>{texts.processing}</Text>
          <Progress duration="2s" aria-label={texts.processing} />
          <noscript>
            <meta httpEquiv="refresh" content="1" />
            <Text size="2" color="gray">
              {texts.processingNoScript}
            </Text>
          </noscript>
        </Flex>
      ) : (
        <Flex direction="column" gap="4">
          <Text as="p" size="2" color="gray">
            {texts.intro}
          </Text>
          {status === "error" && id ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{message(failureMessage)}</Callout.Text>
            </Callout.Root>
          ) : null}
          <nav className="link-tabs" aria-label={texts.tabs}>
            {(["file", "link"] as const).map((name) => (
              <Link
                key={name}
                to={`${path}?tab=${name}`}
                replace
                preventScrollReset
                aria-current={tab === name ? "page" : undefined}
              >
                {name === "file" ? texts.tabFile : texts.tabLink}
              </Link>
            ))}
          </nav>
          {tab === "file" ? (
            <FileTab
              path={path}
              texts={texts}
              invalidError={invalidError}
              serverError={actionData && "error" in actionData ? actionData.error : undefined}
              onUploadingChange={setUploading}
            />
          ) : (
            <LinkTab
              path={path}
              texts={texts}
              lastResult={actionData?.intent === "link" ? actionData.result : undefined}
            />
          )}
        </Flex>
      )}
    </RouteDialog>
  );
}

function FileTab({
  path,
  texts,
  invalidError,
  serverError,
  onUploadingChange,
}: {
  path: string;
  texts: ImageDialogTexts;
  invalidError: string;
  serverError: string | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("messages");
  const navigate = useNavigate();
  const inputId = useId();
  const start = useFetcher<ImageActionResult>();
  const posting = useNavigation().formMethod === "POST";
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(serverError);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => setError(serverError), [serverError]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => onUploadingChange(progress !== null), [progress, onUploadingChange]);

  // Once the API has given an upload address, send the file to it with progress.
  const started = start.state === "idle" ? start.data : undefined;
  useEffect(() => {
    if (!started || !file) return;
    if (!("uploadPath" in started)) {
      if ("error" in started) setError(started.error);
      setProgress(null);
      return;
    }
    const request = new XMLHttpRequest();
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      if (request.status >= 200 && request.status < 300) {
        const query = new URLSearchParams({ tab: "file", id: started.id });
        navigate(`${path}?${query}`, { replace: true, preventScrollReset: true });
      } else {
        setError(request.status === 413 ? "imageSize" : invalidError);
      }
    };
    request.onerror = () => {
      setProgress(null);
      setError("errors.noConnection");
    };
    request.open("PUT", started.uploadPath);
    request.setRequestHeader("Content-Type", file.type);
    request.send(file);
    return () => request.abort();
  }, [started, file, navigate, path, invalidError]);

  // Only an image of the accepted types is previewed, and one the browser cannot draw (a PDF
  // named .png) is refused as it is: never a broken image.
  function choose(chosen: File | undefined) {
    const problem = chosen ? imageFileProblem(chosen) : null;
    setFile(chosen ?? null);
    setPreview(chosen && !problem ? URL.createObjectURL(chosen) : null);
    setError(problem ?? undefined);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const problem = imageFileProblem(file);
    if (!file || problem) {
      setError(problem ?? "imageFile");
      return;
    }
    setProgress(0);
    start.submit({ intent: "start", contentType: file.type }, { method: "post", action: path });
  }

  return (
    <Form
      method="post"
      action={`${path}?tab=file`}
      encType="multipart/form-data"
      onSubmit={submit}
      preventScrollReset
    >
      <Flex direction="column" gap="4">
        {preview ? (
          <Flex justify="center">
            <img
              className="avatar-preview"
              src={preview}
              alt={texts.preview}
              onError={() => {
                setPreview(null);
                setError("imageFile");
              }}
            />
          </Flex>
        ) : null}
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={inputId}>
            {texts.file}
          </Text>
          <input
            id={inputId}
            name="file"
            type="file"
            accept={IMAGE_CONTENT_TYPES.join(",")}
            aria-describedby={`${inputId}-hint ${inputId}-error`}
            aria-invalid={error ? true : undefined}
            disabled={progress !== null}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
          />
          <Text id={`${inputId}-hint`} size="1" color="gray">
            {texts.fileHint}
          </Text>
          <FieldErrors id={`${inputId}-error`} errors={error ? [error] : undefined} />
        </Flex>
        {progress !== null ? (
          <Flex direction="column" gap="1" role="status">
            {/* The dialog does not close meanwhile: say why (the spec's imageUploading). */}
            <Text size="2">{t("errors.imageUploading")}</Text>
            <Text size="2">{texts.uploading(progress)}</Text>
            <Progress value={progress} aria-label={texts.uploading(progress)} />
          </Flex>
        ) : null}
        <Flex justify="end">
          <Button type="submit" size="3" loading={progress !== null || posting}>
            {texts.upload}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function LinkTab({
  path,
  texts,
  lastResult,
}: {
  path: string;
  texts: ImageDialogTexts;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().formMethod === "POST";
  const [form, fields] = useSchemaForm(loadLinkSchema, { id: "image-link", lastResult });
  return (
    <Form method="post" action={`${path}?tab=link`} preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="link" />
      <Flex direction="column" gap="4">
        <Field
          meta={fields.remoteUrl}
          label={texts.link}
          hint={texts.linkHint}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <FormSubmit form={form} busy={busy} end>
          {texts.useLink}
        </FormSubmit>
      </Flex>
    </Form>
  );
}
