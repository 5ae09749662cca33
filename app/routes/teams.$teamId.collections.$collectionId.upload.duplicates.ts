import type { ActionFunctionArgs } from "@remix-run/node";
import { attempt } from "#app/services/api/client.server.ts";
import { filesApi } from "#app/services/api/files.server.ts";
import { requireAuth } from "#app/services/auth.server.ts";

/**
 * The upload dialog's duplicates check (with JavaScript; ADR 102): the files about to be sent, a
 * form field `files` holding their JSON `[{key, name, size, lastModified?, sha256?}]` (a plain
 * form post, within the body limit of every form: the dialog asks for 100 files at a time),
 * asked of the API with the session's token, which stays here; answers the API's `{matches}`.
 * A refusal answers its status with `{error}` (a translation key): the dialog then sends the
 * files as if none matched.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  let files: unknown;
  try {
    files = JSON.parse(String((await request.formData()).get("files") ?? ""));
  } catch {
    return Response.json(
      { error: "messages:errors.invalidInput" },
      { status: 400, headers: auth.headers },
    );
  }
  const { value, refusal } = await attempt(
    filesApi.duplicates(context, auth.accessToken, params.teamId ?? "", params.collectionId ?? "", {
      files,
    } as Parameters<typeof filesApi.duplicates>[4]),
  );
  if (refusal) {
    return Response.json(
      { error: `messages:errors.${refusal.errorCode || "generic"}` },
      { status: refusal.statusCode, headers: auth.headers },
    );
  }
  return Response.json(value.body, { headers: auth.headers });
}

/** Only posts ask. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
