import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import type { UploadFormAnswer } from "#app/files/upload-form-result.tsx";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { type DropGuest, dropsApi } from "#app/services/api/drops.server.ts";
import { rememberGuest } from "#app/services/drop-guest.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { dropPath } from "#domain/drop-links.ts";
import type { EntryResult } from "./entry-form.tsx";

// The guest page's posts other than files (ADR 098): coming in, and taking a file back.

/** What the guest page's action answers when it does not redirect. */
export type ActionResult =
  | { kind: "entry"; entry: EntryResult }
  | ({
      kind: "upload";
      /** A guest this post let in, with what they sent, for the page to list. */
      newGuest?: DropGuest | null;
    } & UploadFormAnswer);

/** The entry form's post: in, with the cookie; or the form again with what was wrong. */
export async function enter(
  request: Request,
  context: ActionFunctionArgs["context"],
  token: string,
  form: FormData,
) {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const values = { name: field("name") ?? "", email: field("email") ?? "" };
  try {
    const { body } = await dropsApi.enter(context, token, {
      pin: field("pin"),
      name: field("name"),
      email: field("email")?.toLowerCase(),
    });
    return redirect(dropPath(token), {
      status: 303,
      headers: { "Set-Cookie": await rememberGuest(request, token, body.guestToken) },
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const refuse = (entry: EntryResult, status: number) =>
      data<ActionResult>({ kind: "entry", entry: { ...entry, values } }, { status });
    switch (error.errorCode) {
      case "wrongPin":
        return refuse({ formError: "files:guest.errors.wrongPin" }, 403);
      case "invalidEmail":
        return refuse({ fieldErrors: { email: "files:guest.errors.email" } }, 400);
      case "invalidInput":
        if (error.message.startsWith("email")) {
          return refuse({ fieldErrors: { email: "files:guest.errors.email" } }, 400);
        }
        return refuse(
          {
            fieldErrors: {
              name: error.message.includes("invalidCharacters")
                ? "files:guest.errors.nameCharacters"
                : error.message.includes("at most")
                  ? "files:guest.errors.nameLong"
                  : "files:guest.errors.nameRequired",
            },
          },
          400,
        );
      case "tooManyRequests":
        return refuse({ formError: "messages:errors.tooManyRequests" }, 429);
      case "notFound":
        throw new Response(null, { status: 404 });
      default:
        // Closed since the page was shown: the page says how.
        if (error.errorCode.startsWith("dropLink")) throw redirect(dropPath(token), 303);
        throw error;
    }
  }
}

/** A file this browser sent, deleted within the hour; later, the page says why not. */
export async function deleteFile(
  request: Request,
  context: ActionFunctionArgs["context"],
  token: string,
  credential: string,
  fileId: string,
) {
  const here = dropPath(token);
  try {
    await dropsApi.deleteFile(context, token, credential, fileId);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.statusCode >= 500) throw error;
    const message =
      error.errorCode === "forbidden"
        ? "files:guest.errors.deleteTooLate"
        : "files:guest.errors.fileGone";
    return redirectWithToast(request, context, here, { type: "error", message }, { status: 303 });
  }
  return redirectWithToast(
    request,
    context,
    here,
    { type: "success", message: "files:guest.toasts.deleted" },
    { status: 303 },
  );
}
