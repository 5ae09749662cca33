import type { WebContext } from "#app/load-context.ts";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { type DropGuest, type DropPage, dropsApi } from "#app/services/api/drops.server.ts";
import { guestCredential, rememberGuest } from "#app/services/drop-guest.server.ts";
import type { UploadStarter } from "#app/services/uploads.server.ts";
import type { UploadOutcome } from "#app/services/uploads.ts";
import { needsEntry } from "./entry.ts";

// The guest page's server half (ADR 098): the link and the guest this browser is, and the
// starter the upload paths share, which lets in a guest of a link that asks nothing on their
// first file.

/** An API refusal of this status, or null; anything else is thrown on. */
async function unless<T>(call: Promise<{ body: T }>, status: number): Promise<T | null> {
  try {
    return (await call).body;
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode === status) return null;
    throw error;
  }
}

/**
 * The link (a 404 page when there is none) and this browser's guest on it, or null: no cookie,
 * or one the link no longer knows.
 */
export async function loadGuest(request: Request, context: WebContext, token: string) {
  const credential = await guestCredential(request, token);
  const page = await unless(dropsApi.page(context, token, credential), 404);
  if (!page) throw new Response(null, { status: 404 });
  const guest = credential ? await unless(dropsApi.me(context, token, credential), 401) : null;
  return { page, guest, credential: guest ? credential : null };
}

/** How the API's refusal of a guest's file is told on the page. */
export function guestErrorKey(key: string) {
  // The owner's plan is nothing a guest can act on: they are told whom to ask.
  return key === "messages:errors.quotaExceededStorage" ? "files:guest.errors.storageFull" : key;
}

/** The no-JavaScript outcomes, with the guest's words for a full collection. */
export function guestOutcomes(outcomes: UploadOutcome[]): UploadOutcome[] {
  return outcomes.map((outcome) =>
    "error" in outcome && outcome.reason === "quota"
      ? { name: outcome.name, error: "files:guest.errors.storageFull" }
      : "error" in outcome
        ? { ...outcome, error: guestErrorKey(outcome.error) }
        : outcome,
  );
}

/**
 * Where a guest's files start. Without a guest yet, a link that asks nothing lets one in at the
 * first file (`admitted` then holds the Set-Cookie to answer with); a link that asks something
 * refuses, as the API does, until its form was filled.
 */
export function guestUploads(
  request: Request,
  context: WebContext,
  token: string,
  {
    page,
    guest,
    credential,
  }: { page: DropPage; guest: DropGuest | null; credential: string | null },
  fileMaxBytes: number,
) {
  let current = credential;
  let admitted: string | null = null;
  const starter: UploadStarter = {
    async start(file) {
      if (!current) {
        if (needsEntry(page)) {
          throw new ApiRequestError(401, "authorizationRequired", "Come in first");
        }
        const { body } = await dropsApi.enter(context, token, {});
        current = body.guestToken;
        admitted = await rememberGuest(request, token, current);
      }
      return (await dropsApi.startFile(context, token, current, file)).body;
    },
    async room() {
      // What the guest may still send bounds each file; the owner's storage is the API's to
      // count, so a refusal for room ("quota") always means the collection is full.
      const bytesLeft = guest ? guest.bytesLeft : page.limits.guestMaxBytes;
      return {
        fileMaxBytes: Math.min(page.limits.fileMaxBytes, fileMaxBytes, bytesLeft ?? Infinity),
        storageLeftBytes: null,
      };
    },
  };
  return {
    starter,
    /** The Set-Cookie for a guest let in on the way, or null. */
    admitted: () => admitted,
    /** A guest let in on the way, whom this request's cookies do not name yet, or null. */
    async newGuest() {
      if (!admitted || !current) return null;
      // Only a list for the answer: the files arrived whatever it says, and the next page lists
      // them anyway, so an API that cannot answer now costs the list, not the answer.
      return unless(dropsApi.me(context, token, current), 401).catch(() => null);
    },
  };
}
