import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Progress, Text } from "@radix-ui/themes";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  redirect,
  type UploadHandler,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field, FieldErrors, FormErrors, useMessage } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import type { WebContext } from "#app/load-context.ts";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { usersApi } from "#app/services/api/users.server.ts";
import { type Auth, requireAuth } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { imageFileSchema, imageLinkSchema } from "#domain/validation.ts";

export const handle = { i18n: ["common", "profile", "messages"] };

/*
 * The avatar dialog (spec sections 2 and 4): a local file or a link. With JavaScript the file
 * goes straight from the browser to the API's signed upload address, with progress; without it
 * the form posts here and the server streams the file on to the same address. Either way the
 * dialog then follows the avatar's status every second until it is ready or failed.
 */

const LinkSchema = z.object({ intent: z.literal("link"), remoteUrl: imageLinkSchema });

type ActionResult =
  | { intent: "link"; result: SubmissionResult<string[]> }
  | { intent: "file"; error: string }
  | { intent: "start"; error: string }
  | { intent: "start"; avatarId: string; uploadPath: string };

const closeTo = "/profile";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const query = new URL(request.url).searchParams;
  const tab = query.get("tab") === "link" ? ("link" as const) : ("file" as const);
  const avatarId = query.get("avatarId");
  let status: "processing" | "error" | null = null;
  if (avatarId) {
    const answer = await avatarStatus(context, auth, avatarId);
    if (answer === "ready") {
      return redirectWithToast(
        request,
        context,
        closeTo,
        { type: "success", message: "toasts.avatarSaved" },
        { headers: auth.headers },
      );
    }
    status = answer;
  }
  return data({ tab, avatarId, status }, { headers: auth.headers });
}

async function avatarStatus(context: WebContext, auth: Auth, avatarId: string) {
  try {
    return (await usersApi.avatarStatus(context, auth.accessToken, avatarId)).body.status;
  } catch (error) {
    // An unknown or foreign id reads as a failed upload, not a broken page.
    if (error instanceof ApiRequestError && error.statusCode < 500) return "error" as const;
    throw error;
  }
}

function processing(avatarId: string, tab: "file" | "link") {
  return redirect(`/profile/avatar?${new URLSearchParams({ tab, avatarId })}`, { status: 303 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const reply = (result: ActionResult, status = 400) =>
    data(result, { status, headers: auth.headers });

  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const outcome = await receiveFile(request, context, auth);
    if ("avatarId" in outcome) return processing(outcome.avatarId, "file");
    return reply({ intent: "file", error: outcome.error });
  }

  const formData = await request.formData();
  if (formData.get("intent") === "start") {
    // The browser uploads the file itself: hand it the signed address, on our own origin.
    const contentType = String(formData.get("contentType") ?? "");
    if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      return reply({ intent: "start", error: "imageFile" });
    }
    try {
      const { body } = await usersApi.createAvatar(context, auth.accessToken, { contentType });
      const target = new URL(body.uploadUrl ?? "", "http://api.invalid");
      return reply(
        {
          intent: "start",
          avatarId: body.avatarId,
          uploadPath: `${target.pathname}${target.search}`,
        },
        200,
      );
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return reply({ intent: "start", error: `errors.${error.errorCode}` }, error.statusCode);
    }
  }

  const submission = parseWithZod(formData, { schema: LinkSchema });
  if (submission.status !== "success") {
    return reply({ intent: "link", result: submission.reply() });
  }
  try {
    const { remoteUrl } = submission.value;
    const { body } = await usersApi.createAvatar(context, auth.accessToken, { remoteUrl });
    return processing(body.avatarId, "link");
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const result = submission.reply({ formErrors: [`errors.${error.errorCode}`] });
    return reply({ intent: "link", result }, error.statusCode);
  }
}

/**
 * The form post without JavaScript: the file part is streamed to the API's upload address as it
 * arrives (never held whole), cut off past the 3 MB limit. The rest of the body is still read,
 * so the browser gets the answer instead of a reset connection.
 */
type FileOutcome = { avatarId: string } | { error: string };

async function receiveFile(request: Request, context: WebContext, auth: Auth) {
  // No file part at all reads as "choose an image".
  const received: { outcome: FileOutcome } = { outcome: { error: "imageFile" } };
  const fileHandler: UploadHandler = async ({ name, filename, contentType, data: parts }) => {
    if (name !== "file" || filename === undefined) return undefined;
    received.outcome = await forwardFile(context, auth, filename ? contentType : "", parts);
    return "received";
  };
  await unstable_parseMultipartFormData(
    request,
    unstable_composeUploadHandlers(
      fileHandler,
      unstable_createMemoryUploadHandler({ maxPartSize: 1024 }),
    ),
  );
  return received.outcome;
}

async function forwardFile(
  context: WebContext,
  auth: Auth,
  contentType: string,
  parts: AsyncIterable<Uint8Array>,
): Promise<FileOutcome> {
  const source = parts[Symbol.asyncIterator]();
  const drain = async () => {
    while (!(await source.next()).done) {}
  };
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    await drain();
    return { error: "imageFile" };
  }
  let created: { avatarId: string; uploadUrl: string | null };
  try {
    created = (await usersApi.createAvatar(context, auth.accessToken, { contentType })).body;
  } catch (error) {
    await drain();
    if (error instanceof ApiRequestError) return { error: `errors.${error.errorCode}` };
    throw error;
  }
  const target = new URL(created.uploadUrl ?? "", "http://api.invalid");
  let received = 0;
  let tooLarge = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) return controller.close();
      received += next.value.byteLength;
      if (received > IMAGE_MAX_BYTES) {
        tooLarge = true;
        return controller.error(new Error("The image is over the limit"));
      }
      controller.enqueue(next.value);
    },
  });
  let status = 0;
  try {
    const response = await fetch(`${context.config.apiUrl}${target.pathname}${target.search}`, {
      method: "PUT",
      headers: { "Content-Type": contentType },
      body,
      duplex: "half",
      signal: AbortSignal.timeout(120_000),
    } as RequestInit);
    status = response.status;
    await response.body?.cancel();
  } catch {
    // Cut off (too large) or the API went away; told apart below.
  }
  await drain();
  if (tooLarge || status === 413) return { error: "imageSize" };
  if (status >= 200 && status < 300) return { avatarId: created.avatarId };
  if (status === 0) throw data({ errorCode: "noConnection" }, { status: 503 });
  return { error: "errors.invalidUserAvatar" };
}

export default function AvatarDialog() {
  const { t } = useTranslation("profile");
  const message = useMessage();
  const { tab, avatarId, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [uploading, setUploading] = useState(false);
  const waiting = status === "processing";
  const revalidator = useRevalidator();

  // Spec section 4: poll the avatar every second until it is ready (the loader then redirects
  // to the profile) or failed. Without JavaScript the page refreshes itself instead.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <RouteDialog
      title={t("avatar.title")}
      closeTo={closeTo}
      closeLabel={t("avatar.close")}
      locked={uploading || waiting}
    >
      {waiting ? (
        <Flex direction="column" gap="3" role="status">
          <Text>{t("avatar.processing")}</Text>
          <Progress duration="2s" aria-label={t("avatar.processing")} />
          <noscript>
            <meta httpEquiv="refresh" content="1" />
            <Text size="2" color="gray">
              {t("avatar.processingNoScript")}
            </Text>
          </noscript>
        </Flex>
      ) : (
        <Flex direction="column" gap="4">
          <Text as="p" size="2" color="gray">
            {t("avatar.intro")}
          </Text>
          {status === "error" && avatarId ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{message("errors.userAvatar")}</Callout.Text>
            </Callout.Root>
          ) : null}
          <nav className="link-tabs" aria-label={t("avatar.tabs")}>
            {(["file", "link"] as const).map((name) => (
              <Link
                key={name}
                to={`/profile/avatar?tab=${name}`}
                replace
                preventScrollReset
                aria-current={tab === name ? "page" : undefined}
              >
                {name === "file" ? t("avatar.tabFile") : t("avatar.tabLink")}
              </Link>
            ))}
          </nav>
          {tab === "file" ? (
            <FileTab
              serverError={actionData && "error" in actionData ? actionData.error : undefined}
              onUploadingChange={setUploading}
            />
          ) : (
            <LinkTab lastResult={actionData?.intent === "link" ? actionData.result : undefined} />
          )}
        </Flex>
      )}
    </RouteDialog>
  );
}

function FileTab({
  serverError,
  onUploadingChange,
}: {
  serverError: string | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const start = useFetcher<typeof action>();
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
        const query = new URLSearchParams({ tab: "file", avatarId: started.avatarId });
        navigate(`/profile/avatar?${query}`, { replace: true, preventScrollReset: true });
      } else {
        setError(request.status === 413 ? "imageSize" : "errors.invalidUserAvatar");
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
  }, [started, file, navigate]);

  function choose(chosen: File | undefined) {
    setFile(chosen ?? null);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
    const checked = imageFileSchema.safeParse(chosen);
    setError(chosen && !checked.success ? checked.error.issues[0]?.message : undefined);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const checked = imageFileSchema.safeParse(file);
    if (!file || !checked.success) {
      setError(checked.success ? "imageFile" : checked.error.issues[0]?.message);
      return;
    }
    setProgress(0);
    start.submit(
      { intent: "start", contentType: file.type },
      { method: "post", action: "/profile/avatar" },
    );
  }

  return (
    <Form
      method="post"
      action="/profile/avatar?tab=file"
      encType="multipart/form-data"
      onSubmit={submit}
      preventScrollReset
    >
      <Flex direction="column" gap="4">
        {preview ? (
          <Flex justify="center">
            <img className="avatar-preview" src={preview} alt={t("avatar.preview")} />
          </Flex>
        ) : null}
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="avatar-file">
            {t("avatar.file")}
          </Text>
          <input
            id="avatar-file"
            name="file"
            type="file"
            accept={IMAGE_CONTENT_TYPES.join(",")}
            aria-describedby="avatar-file-hint avatar-file-error"
            aria-invalid={error ? true : undefined}
            disabled={progress !== null}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
          />
          <Text id="avatar-file-hint" size="1" color="gray">
            {t("avatar.fileHint")}
          </Text>
          <FieldErrors id="avatar-file-error" errors={error ? [error] : undefined} />
        </Flex>
        {progress !== null ? (
          <Flex direction="column" gap="1" role="status">
            <Text size="2">{t("avatar.uploading", { percent: progress })}</Text>
            <Progress value={progress} aria-label={t("avatar.uploading", { percent: progress })} />
          </Flex>
        ) : null}
        <Flex justify="end">
          <Button type="submit" size="3" loading={progress !== null || posting}>
            {t("avatar.upload")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function LinkTab({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("profile");
  const busy = useNavigation().formMethod === "POST";
  const [form, fields] = useForm({
    id: "avatar-link",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action="/profile/avatar?tab=link"
      preventScrollReset
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="link" />
      <Flex direction="column" gap="4">
        <Field
          meta={fields.remoteUrl}
          label={t("avatar.link")}
          hint={t("avatar.linkHint")}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={busy}>
            {t("avatar.useLink")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
