// Business constants and limits (docs/product.md#limits). Units are in the names where they apply.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Largest logo or avatar image: 3 MB, counted in binary units (3 MiB). */
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Raster image types accepted for logos and avatars (SVG is left out: it can carry script). */
export const IMAGE_CONTENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export function isImageContentType(type: string): type is ImageContentType {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);
}

export const IMAGE_STATUS_POLL_MS = SECOND_MS;
export const DOWNLOAD_POLL_MS = 5 * SECOND_MS;

export const ALIAS_MIN = 3;
export const ALIAS_MAX = 30;
/** Names of teams, collections, files, nicknames and usernames. */
export const NAME_MIN = 2;
export const NAME_MAX = 50;
/**
 * The most letters or digits after a file extension's dot: ".jpeg", ".heic", ".docx" fit
 * (docs/product.md#files). The extension is not counted in a renamed file's NAME_MAX.
 */
export const FILE_EXTENSION_MAX = 9;
/** The server's own minimum for an internal member's username (the form accepts 2). */
export const USERNAME_SERVER_MIN = 3;
/** Sign-up nickname input is capped while typing, below NAME_MAX. */
export const SIGN_UP_NICKNAME_INPUT_MAX = 30;
export const DESCRIPTION_MAX = 250;
/** The most members one collection may tag (docs/product.md#limits). */
export const COLLECTION_TAGS_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const PREFERRED_NAME_MAX = 30;
/** The longest address SMTP allows (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

export const INVITATION_RESEND_COOLDOWN_MS = 24 * HOUR_MS;
/** An invitation's link works this long after it was (re)sent. */
export const INVITATION_TTL_MS = 7 * 24 * HOUR_MS;
/** Teams, members, collections and files; the next page loads on scroll. */
export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;
export const SNACKBAR_MS = 4 * SECOND_MS;
export const LOADING_BANNER_MIN_MS = 500;
export const COOKIE_CONSENT_MAX_AGE_DAYS = 365;

/** Refresh tokens on a call when fewer than this remain before ExpiresAt. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * MINUTE_MS;
/** The background check refreshes earlier. */
export const TOKEN_BACKGROUND_REFRESH_MARGIN_MS = 15 * MINUTE_MS;
export const GUEST_CREDENTIALS_CACHE_MS = 50 * MINUTE_MS;
export const PKCE_VERIFIER_LENGTH = 128;
export const OAUTH_STATE_RANDOM_LENGTH = 32;
export const OAUTH_SCOPES = ["email", "openid", "profile"] as const;

export const UNSUBSCRIBED_EMAIL_DELETION_DAYS = 5;
export const MINIMUM_AGE = 16;
/** Official launch day (calendar date, ISO 8601). */
export const LAUNCH_DATE = "2025-09-15";
/** Launch instant for the countdown: midnight in Italy (CEST, UTC+2) on LAUNCH_DATE. */
export const LAUNCH_AT_MS = Date.UTC(2025, 8, 14, 22, 0, 0);
export const THUMBNAIL_SIZE_PX = 35;
export const DEFAULT_SORT = "desc" as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

export const TRANSLATION_RETRIES = 5;
/** First translation retry delay; each next one doubles. */
export const TRANSLATION_RETRY_BASE_MS = 350;

/** Usage rings: below this percentage the ring is success. */
export const USAGE_WARNING_PERCENT = 70;
/** Usage rings: below this percentage warning, from here on error. */
export const USAGE_ERROR_PERCENT = 90;
/** A plan limit of -1 means unlimited. */
export const UNLIMITED = -1;

/** Colours shared by member statuses and usage rings. */
export const STATUS_COLOURS = ["success", "warning", "error"] as const;
export type StatusColour = (typeof STATUS_COLOURS)[number];
