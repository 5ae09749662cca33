import { describe, expect, it } from "vitest";
import {
  CLIENT_MESSAGE_KEYS,
  ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  errorMessageKey,
  isErrorCode,
} from "#domain/errors.ts";

// The server error codes as first specified (docs/product.md#errors), plus alreadySignedUp and
// notLoggedIn (named in the mapping rules, docs/product.md#client-messages) and the generic
// fallback.
const SPEC_CODES = `accountAliasAlreadyExists, alreadyExists, alreadySubscribed,
authorizationRequired, cannotChangeAlias, cannotChangePassword, cannotSendInvitationEmail,
emailMismatch, expiredToken, expiredVerificationCode, forbidden, invalidCredentials,
invalidDownload, invalidEmail, invalidInput, invalidPatch, invalidSorting, invalidTeamName,
invalidTeamLogo, invalidUserAvatar, invitationAlreadyHandled, invitationNotFound,
invitationResendCooldown, newInvitedAccountRequired, newPasswordRequired,
nicknameAlreadyExists, notAuthorized, notConfirmed, notFound, privateEmailSignUpNotAllowed,
quotaExceededAliases, quotaExceededMembers, quotaExceededTeams, quotaExceededTraffic,
quotaExceededStorage, restrictedAccess, restrictedAuthorization, tooManyRequests,
userAlreadyExists, userNotFound, wrongVerificationCode`
  .split(",")
  .map((code) => code.trim());

describe("ERROR_CODES", () => {
  it("holds the product's codes, the two mapped ones, generic, the plan actions' two and the account settings', once each", () => {
    const expected = [
      ...SPEC_CODES,
      "alreadySignedUp",
      "notLoggedIn",
      "generic",
      // Client messages (docs/product.md#client-messages), answered by the API's payment and
      // unsubscribe calls (ADR 035, ADR 036).
      "planCheckoutError",
      "stripePortalError",
      "invalidUnsubscribe",
      // The account settings' own (docs/product.md#account-settings, ADR 072).
      "wrongPassword",
      "accountOwnsTeams",
      "accountHasSubscription",
      // Changing the email (docs/product.md#email-change, ADR 077).
      "cannotChangeEmail",
      // The trash (ADR 092).
      "fileNotFound",
      "collectionInTrash",
      // Deleting a team: the typed name does not match (ADR 094).
      "teamNameMismatch",
      // Members' lifecycle (ADR 095).
      "memberBanned",
      "ownerCannotLeave",
      // Drop links (ADR 097).
      "dropLinkExpired",
      "dropLinkPaused",
      "dropLinkRevoked",
      "quotaExceededGuest",
      "wrongPin",
    ].sort();
    expect([...ERROR_CODES].sort()).toEqual(expected);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("gives every code a status", () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });
});

describe("ERROR_STATUS", () => {
  it.each([
    ["notFound", 404],
    ["userNotFound", 404],
    ["invitationNotFound", 404],
    ["invalidInput", 400],
    ["invalidPatch", 400],
    ["invalidSorting", 400],
    ["invalidEmail", 400],
    ["wrongVerificationCode", 400],
    ["authorizationRequired", 401],
    ["notAuthorized", 401],
    ["invalidCredentials", 401],
    ["forbidden", 403],
    ["restrictedAccess", 403],
    ["quotaExceededStorage", 403],
    ["quotaExceededTraffic", 403],
    ["quotaExceededTeams", 403],
    ["quotaExceededMembers", 403],
    ["quotaExceededAliases", 403],
    ["alreadyExists", 409],
    ["userAlreadyExists", 409],
    ["accountAliasAlreadyExists", 409],
    ["nicknameAlreadyExists", 409],
    ["invitationAlreadyHandled", 409],
    ["expiredToken", 410],
    ["tooManyRequests", 429],
    ["invitationResendCooldown", 429],
    ["generic", 500],
  ] as [ErrorCode, number][])("%s is %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });
});

describe("isErrorCode", () => {
  it.each(ERROR_CODES)("knows %s", (code) => {
    expect(isErrorCode(code)).toBe(true);
  });

  it.each([undefined, null, 404, "", "NotFound", "toString", "constructor", "noConnection"])(
    "rejects %j",
    (value) => {
      expect(isErrorCode(value)).toBe(false);
    },
  );
});

describe("CLIENT_MESSAGE_KEYS", () => {
  it("lists the client messages of docs/product.md#client-messages once each", () => {
    expect([...CLIENT_MESSAGE_KEYS].sort()).toEqual(
      [
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
      ].sort(),
    );
  });
});

describe("errorMessageKey", () => {
  it.each([
    ["network", "noConnection"],
    [{ errorCode: "notFound", statusCode: 404 }, "notFound"],
    [{ errorCode: "invalidInput", statusCode: 400 }, "invalidInput"],
    [{ errorCode: "quotaExceededStorage" }, "quotaExceededStorage"],
    [{ errorCode: "somethingNew", statusCode: 400 }, "invalidRequest"],
    [{ statusCode: 400 }, "invalidRequest"],
    [{ errorCode: "somethingNew", statusCode: 409 }, "generic"],
    [{ statusCode: 500 }, "generic"],
    [{}, "generic"],
  ] as const)("%j shows %s", (failure, key) => {
    expect(errorMessageKey(failure)).toBe(key);
  });
});
