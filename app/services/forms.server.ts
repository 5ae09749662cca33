import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ApiRequestError } from "./api/client.server.ts";

/** A conform submission (parseWithZod's answer), as far as answering it goes. */
interface Replyable {
  reply(options?: { formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * The API's refusal as the form's own error (`errors.<code>` of the messages namespace, unless
 * the page says more with `message`), with the API's status: the form renders again with the
 * message and what the visitor typed, with or without JavaScript.
 */
export function formRefusal(
  submission: Replyable,
  refusal: ApiRequestError,
  init: { headers?: HeadersInit; hideFields?: string[]; message?: string } = {},
) {
  const result = submission.reply({
    formErrors: [init.message ?? `errors.${refusal.errorCode}`],
    hideFields: init.hideFields,
  });
  return data(result, { status: refusal.statusCode, headers: init.headers });
}

/** A post whose `intent` this page does not have: 400, shown by the error boundary. */
export function unknownIntent() {
  return data({ errorCode: "invalidRequest" }, { status: 400 });
}
