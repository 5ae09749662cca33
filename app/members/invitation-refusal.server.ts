import { messageWithValues } from "#app/i18n/message-values.ts";
import type { ApiRequestError } from "#app/services/api/client.server.ts";

/**
 * The invitations of a day spent (tooManyRequests, per team or per sender;
 * docs/product.md#rate-limits): the hours until the API takes invitations again, at least 1.
 * Undefined for any other refusal.
 */
export function invitationLimitHours(refusal: ApiRequestError) {
  if (refusal.errorCode !== "tooManyRequests") return undefined;
  return Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 24 * 3600) / 3600));
}

/** The form message (a key of `messages`, with its values) for a refused invitation. */
export function invitationRefusalMessage(refusal: ApiRequestError) {
  const hours = invitationLimitHours(refusal);
  if (hours === undefined) return `errors.${refusal.errorCode}`;
  return messageWithValues("errors.tooManyInvitations", { count: hours });
}
