import type { ActionFunctionArgs } from "@remix-run/node";
import { startWith } from "#app/services/uploads.server.ts";
import { guestErrorKey, guestUploads, loadGuest } from "./guest.server.ts";

/**
 * Starts one file for a drop link's guest page with JavaScript (ADR 098): `{fileId, uploadPath}`
 * to send the bytes to with tus, or `{error}` (a translation key). The guest's credential, in
 * their cookie, stays here; a link that asks nothing lets its guest in at the first file, and
 * this answer then sets their cookie.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const state = await loadGuest(request, context, token);
  const form = await request.formData();
  const size = Number(form.get("size"));
  const { starter, admitted } = guestUploads(
    request,
    context,
    token,
    state,
    Number.POSITIVE_INFINITY,
  );
  const outcome = await startWith(starter, {
    name: String(form.get("name") ?? ""),
    contentType: String(form.get("contentType") ?? ""),
    size: Number.isSafeInteger(size) ? size : -1,
  });
  const cookie = admitted();
  const headers = new Headers({ "X-Robots-Tag": "noindex" });
  if (cookie) headers.set("Set-Cookie", cookie);
  if ("error" in outcome) {
    return Response.json({ error: guestErrorKey(outcome.error) }, { status: 400, headers });
  }
  return Response.json(outcome, { status: 201, headers });
}

/** Only posts start uploads. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
