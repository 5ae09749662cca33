// Error codes the server answers with, and message keys the client shows (docs/product.md#errors,
// docs/product.md#client-messages).
// An error body is { statusCode, errorCode, message }.

/** Server error codes. Each is also a translation key the client shows. */
export const ERROR_CODES = [
  "accountAliasAlreadyExists",
  "accountHasSubscription",
  "accountOwnsTeams",
  "alreadyExists",
  "alreadySignedUp",
  "alreadySubscribed",
  "authorizationRequired",
  "cannotChangeAlias",
  "cannotChangeEmail",
  "cannotChangePassword",
  "cannotSendInvitationEmail",
  "collectionInTrash",
  "dropLinkExpired",
  "dropLinkPaused",
  "dropLinkRevoked",
  "emailMismatch",
  "expiredToken",
  "expiredVerificationCode",
  "fileNotFound",
  "forbidden",
  "generic",
  "invalidCredentials",
  "invalidDownload",
  "invalidEmail",
  "invalidInput",
  "invalidPatch",
  "invalidSorting",
  "invalidTeamLogo",
  "invalidTeamName",
  "invalidUnsubscribe",
  "invalidUserAvatar",
  "invitationAlreadyHandled",
  "invitationNotFound",
  "invitationResendCooldown",
  "memberBanned",
  "newInvitedAccountRequired",
  "newPasswordRequired",
  "nicknameAlreadyExists",
  "notAuthorized",
  "notConfirmed",
  "notFound",
  "notLoggedIn",
  "ownerCannotLeave",
  "planCheckoutError",
  "privateEmailSignUpNotAllowed",
  "quotaExceededAliases",
  "quotaExceededGuest",
  "quotaExceededMembers",
  "quotaExceededStorage",
  "quotaExceededTeams",
  "quotaExceededTraffic",
  "restrictedAccess",
  "restrictedAuthorization",
  "stripePortalError",
  "teamNameMismatch",
  "tooManyRequests",
  "userAlreadyExists",
  "userNotFound",
  "wrongPassword",
  "wrongPin",
  "wrongVerificationCode",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Default HTTP status per code. The thrower may choose another where it knows better: a wrong
 * content type is invalidInput with 415, a body too large is invalidInput with 413.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  accountAliasAlreadyExists: 409,
  /** An account that pays a subscription is not deleted: the subscription is cancelled first. */
  accountHasSubscription: 409,
  /** An account that owns a team is not deleted: the team would have no owner (with `teams`). */
  accountOwnsTeams: 409,
  alreadyExists: 409,
  /** The email already has an account with another provider (the text names it). */
  alreadySignedUp: 409,
  alreadySubscribed: 409,
  authorizationRequired: 401,
  /** An alias is immutable once created. */
  cannotChangeAlias: 403,
  /**
   * An account that signs in through a provider has the provider's address: changing it would
   * part the account from the provider (ADR 077).
   */
  cannotChangeEmail: 403,
  /** An account that signs in through a provider has no password to change. */
  cannotChangePassword: 403,
  /** The member was added but the email could not be sent: an upstream failure. */
  cannotSendInvitationEmail: 502,
  /**
   * A file restored, or an upload continued, while its collection is in the trash: the
   * collection is restored first (ADR 092).
   */
  collectionInTrash: 409,
  emailMismatch: 403,
  /** Expired links and codes are gone for good; a new one must be requested. */
  expiredToken: 410,
  expiredVerificationCode: 410,
  /** The file is not there for the caller: missing, hidden, or already in the trash (ADR 092). */
  fileNotFound: 404,
  /** A drop link past its deadline, paused by its team, or revoked: it takes no files (ADR 097). */
  dropLinkExpired: 410,
  dropLinkPaused: 409,
  dropLinkRevoked: 410,
  forbidden: 403,
  generic: 500,
  invalidCredentials: 401,
  invalidDownload: 400,
  invalidEmail: 400,
  invalidInput: 400,
  invalidPatch: 400,
  invalidSorting: 400,
  invalidTeamLogo: 400,
  invalidTeamName: 400,
  /** An unsubscribe link without its address or token, or with a token not made for it. */
  invalidUnsubscribe: 400,
  invalidUserAvatar: 400,
  invitationAlreadyHandled: 409,
  invitationNotFound: 404,
  invitationResendCooldown: 429,
  /** The address is a banned member's: reactivate them before inviting it again (ADR 095). */
  memberBanned: 409,
  /** Challenges, not failures: the client opens the registration or new-password form. */
  newInvitedAccountRequired: 401,
  newPasswordRequired: 401,
  nicknameAlreadyExists: 409,
  /** "Incorrect email or password". */
  notAuthorized: 401,
  /** The email is not verified yet. */
  notConfirmed: 403,
  notFound: 404,
  /** The invitation belongs to another email than the signed-in one (the text names it). */
  notLoggedIn: 401,
  /** The owner cannot leave the team: hand it over to an admin first (ADR 095). */
  ownerCannotLeave: 409,
  /** A checkout that can't start: the plan can't be bought, or Stripe failed (then 502). */
  planCheckoutError: 409,
  privateEmailSignUpNotAllowed: 403,
  /**
   * Plan quotas are 403, not 402: 402 is reserved and unevenly handled by clients and
   * proxies, while 403 plainly says "understood, refused"; the code tells which quota.
   */
  quotaExceededAliases: 403,
  quotaExceededMembers: 403,
  /** A guest has sent all the files, or bytes, a drop link takes from one person (ADR 097). */
  quotaExceededGuest: 403,
  quotaExceededStorage: 403,
  quotaExceededTeams: 403,
  quotaExceededTraffic: 403,
  restrictedAccess: 403,
  restrictedAuthorization: 403,
  /** No billing account to manage yet, or Stripe failed (then 502). */
  stripePortalError: 409,
  /** The name typed to confirm a team's deletion is not the team's (ADR 094). */
  teamNameMismatch: 400,
  tooManyRequests: 429,
  userAlreadyExists: 409,
  userNotFound: 404,
  /**
   * The current password, asked again to change the password or delete the account, is not
   * right. Not 401: the caller is signed in, and a 401 would end its session.
   */
  wrongPassword: 400,
  wrongVerificationCode: 400,
  /** A drop link's PIN is not right; the answer says nothing more (ADR 097). */
  wrongPin: 403,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** Message keys the client shows on its own, beside the server's error codes. */
export const CLIENT_MESSAGE_KEYS = [
  "noConnection",
  "invalidRequest",
  "generic",
  "invalidResetLink",
  "invalidVerification",
  "invalidAcceptToken",
  "invalidRejectToken",
  "invalidUnsubscribe",
  "invalidDownload",
  "externalIdentifierError",
  "stripePortalError",
  "planCheckoutError",
  "teamLogo",
  "userAvatar",
  "imageUploading",
  "preparingDownload",
  "tooManyDownloadsMinutes",
  "tooManyDownloadsHours",
  "downloadingFile",
  "loadingFile",
] as const;
export type ClientMessageKey = (typeof CLIENT_MESSAGE_KEYS)[number];

/**
 * The key to show for a failed call: a network failure is noConnection, a known errorCode is
 * itself, an unknown one on a 400 is invalidRequest, anything else generic.
 */
export function errorMessageKey(
  failure: { errorCode?: unknown; statusCode?: number } | "network",
): ErrorCode | "noConnection" | "invalidRequest" {
  if (failure === "network") return "noConnection";
  if (isErrorCode(failure.errorCode)) return failure.errorCode;
  return failure.statusCode === 400 ? "invalidRequest" : "generic";
}
