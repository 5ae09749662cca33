import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type UploadHandler } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { attempt, serviceUnavailable } from "#app/services/api/client.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { readMultipartForm } from "#app/services/request-body.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { IMAGE_MAX_BYTES, type ImageContentType, isImageContentType } from "#domain/constants.ts";
import { IMAGE_KINDS, type ImageDialog, type ImageKind } from "./image-kinds.ts";
import { ImageLinkSchema } from "./image-upload.schemas.ts";
import type { ImageActionResult, ImageDialogTab } from "./image-upload.ts";

/*
 * The server half of an image dialog (an avatar, a team logo; docs/product.md#images). With
 * JavaScript the browser asks here for the API's signed upload address and sends the file itself;
 * without it the form posts the file here and it is streamed on to the same address. Then the
 * dialog follows the image's status every second until it is ready or failed.
 */

export type ImageStatus = "processing" | "ready" | "error";

/** Where an image goes: the API calls that differ between avatars and logos (image-targets.server.ts). */
export interface ImageTarget {
  kind: ImageKind;
  create(
    body: { contentType: ImageContentType } | { remoteUrl: string },
  ): Promise<{ id: string; uploadUrl: string | null }>;
  status(id: string): Promise<ImageStatus>;
}

export function imageDialogTab(request: Request): ImageDialogTab {
  return new URL(request.url).searchParams.get("tab") === "link" ? "link" : "file";
}

/** The dialog's state; once the image followed by `?id=` is ready, back to `closeTo`. */
export async function loadImageDialog(
  request: Request,
  context: WebContext,
  auth: Auth,
  dialog: ImageDialog,
  target: ImageTarget,
) {
  const query = new URL(request.url).searchParams;
  const tab = imageDialogTab(request);
  const id = query.get("id");
  let status: "processing" | "error" | null = null;
  if (id) {
    const answer = await statusOf(target, id);
    if (answer === "ready") {
      const saved = { type: "success", message: IMAGE_KINDS[dialog.kind].savedToast } as const;
      return redirectWithToast(request, context, dialog.closeTo, saved, {
        headers: auth.headers,
      });
    }
    status = answer;
  }
  return data({ tab, id, status }, { headers: auth.headers });
}

async function statusOf(target: ImageTarget, id: string) {
  const answer = await attempt(target.status(id));
  // An unknown or foreign id reads as a failed upload, not a broken page.
  return answer.refusal ? ("error" as const) : answer.value;
}

function following(dialog: ImageDialog, id: string, tab: ImageDialogTab) {
  return redirect(`${dialog.path}?${new URLSearchParams({ tab, id })}`, { status: 303 });
}

/** The dialog's three posts: a file (without JavaScript), "start" (with it), or a link. */
export async function imageDialogAction(
  request: Request,
  context: WebContext,
  auth: Auth,
  dialog: ImageDialog,
  target: ImageTarget,
) {
  const reply = (result: ImageActionResult, status = 400) =>
    data(result, { status, headers: auth.headers });

  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const outcome = await receiveFile(request, context, target);
    if ("id" in outcome) return following(dialog, outcome.id, "file");
    return reply({ intent: "file", error: outcome.error });
  }

  const formData = await request.formData();
  if (formData.get("intent") === "start") {
    const contentType = String(formData.get("contentType") ?? "");
    if (!isImageContentType(contentType)) return reply({ intent: "start", error: "imageFile" });
    const created = await attempt(target.create({ contentType }));
    if (created.refusal) {
      const { errorCode, statusCode } = created.refusal;
      return reply({ intent: "start", error: `errors.${errorCode}` }, statusCode);
    }
    // Only the path: the browser sends the file to our own origin, which routes /api on.
    const address = new URL(created.value.uploadUrl ?? "", "http://api.invalid");
    return reply(
      { intent: "start", id: created.value.id, uploadPath: `${address.pathname}${address.search}` },
      200,
    );
  }

  const submission = parseWithZod(formData, { schema: ImageLinkSchema });
  if (submission.status !== "success") {
    return reply({ intent: "link", result: submission.reply() });
  }
  const created = await attempt(target.create({ remoteUrl: submission.value.remoteUrl }));
  if (created.refusal) {
    const result = submission.reply({ formErrors: [`errors.${created.refusal.errorCode}`] });
    return reply({ intent: "link", result }, created.refusal.statusCode);
  }
  return following(dialog, created.value.id, "link");
}

type FileOutcome = { id: string } | { error: string };

/**
 * The form post without JavaScript: the file part is streamed to the API's upload address as it
 * arrives (never held whole), cut off past the 3 MB limit. The rest of the body is still read,
 * so the browser gets the answer instead of a reset connection.
 */
async function receiveFile(request: Request, context: WebContext, target: ImageTarget) {
  // No file part at all reads as "choose an image".
  const received: { outcome: FileOutcome } = { outcome: { error: "imageFile" } };
  const fileHandler: UploadHandler = async ({ name, filename, contentType, data: parts }) => {
    if (name !== "file" || filename === undefined) return undefined;
    received.outcome = await forwardFile(context, target, filename ? contentType : "", parts);
    return "received";
  };
  await readMultipartForm(request, fileHandler);
  return received.outcome;
}

async function forwardFile(
  context: WebContext,
  target: ImageTarget,
  contentType: string,
  parts: AsyncIterable<Uint8Array>,
): Promise<FileOutcome> {
  const source = parts[Symbol.asyncIterator]();
  const drain = async () => {
    while (!(await source.next()).done) {}
  };
  if (!isImageContentType(contentType)) {
    await drain();
    return { error: "imageFile" };
  }
  // Refused or failed, the rest of the file is still read, so the browser gets the answer.
  const created = await attempt(target.create({ contentType })).catch(async (error) => {
    await drain();
    throw error;
  });
  if (created.refusal) {
    await drain();
    return { error: `errors.${created.refusal.errorCode}` };
  }
  const address = new URL(created.value.uploadUrl ?? "", "http://api.invalid");
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
    const response = await fetch(`${context.config.apiUrl}${address.pathname}${address.search}`, {
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
  if (status >= 200 && status < 300) return { id: created.value.id };
  if (status === 0) throw serviceUnavailable();
  return { error: `errors.${IMAGE_KINDS[target.kind].invalidErrorCode}` };
}
