import { createCookie } from "@remix-run/node";
import { isSecureRequest, ONE_YEAR_SECONDS } from "#app/services/cookies.server.ts";
import { type FilesView, isFilesView } from "./files-view.ts";

/*
 * The files screen's view that a person chose, Grid or List (ADR 073): a cookie, so it holds
 * without JavaScript and on every collection; without it each collection gets the view its files
 * suggest (filesViewFor).
 */

const viewCookie = createCookie("files-view", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: ONE_YEAR_SECONDS,
});

/** The view this person chose, or null while they have not chosen one. */
export async function chosenFilesView(request: Request): Promise<FilesView | null> {
  const value: unknown = await viewCookie.parse(request.headers.get("Cookie"));
  return isFilesView(value) ? value : null;
}

export function serializeFilesView(request: Request, view: FilesView) {
  return viewCookie.serialize(view, { secure: isSecureRequest(request) });
}
