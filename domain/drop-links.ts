import { can, type Role } from "./roles.ts";

/**
 * Drop links (ADR 097): a link to a collection through which people without an account send it
 * files. The rules both tiers share: what a link may be set to, when it takes files, who makes
 * and manages links, and the shape of its short address.
 */

/** Random bytes in a link's token (at least 128 bits, ADR 097); base64url, 24 characters. */
export const DROP_TOKEN_BYTES = 18;
export const DROP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
/** The web path of a link's guest page: short, and with no team or collection in it. */
export const DROP_PATH_PREFIX = "/d/";

export function dropPath(token: string) {
  return `${DROP_PATH_PREFIX}${token}`;
}

export const DROP_LINK_STATUSES = ["active", "paused", "revoked"] as const;
export type DropLinkStatus = (typeof DROP_LINK_STATUSES)[number];

/** Whether the guest page asks for a name. */
export const ASK_NAME_OPTIONS = ["off", "optional", "required"] as const;
export type AskName = (typeof ASK_NAME_OPTIONS)[number];

/** What guests see: nothing but their own files (the default), or the collection, read-only. */
export const GUESTS_SEE_OPTIONS = ["nothing", "collection"] as const;
export type GuestsSee = (typeof GUESTS_SEE_OPTIONS)[number];
export const DEFAULT_GUESTS_SEE = "nothing" satisfies GuestsSee;

export const DROP_TITLE_MAX = 100;
export const DROP_MESSAGE_MAX = 1000;
export const GUEST_NAME_MAX = 50;
/** A PIN is 4 to 8 digits. */
export const DROP_PIN_PATTERN = /^\d{4,8}$/;
/** How long a guest may delete a file they sent, from when it was sent. */
export const GUEST_DELETE_WINDOW_MS = 60 * 60_000;
/** The per-guest limits a link may set: at most this many files, and at least this many bytes. */
export const GUEST_MAX_FILES_LIMIT = 100_000;
export const GUEST_MIN_BYTES = 1024 * 1024;
/** Links one collection may have. */
export const DROP_LINKS_PER_COLLECTION_MAX = 50;

/** The state a guest meets: the link takes files only while `open`. */
export type DropLinkState = "open" | "paused" | "revoked" | "expired";

export function dropLinkState(
  link: { status: DropLinkStatus; deadlineAt: number | null },
  now: number,
): DropLinkState {
  if (link.status === "revoked") return "revoked";
  if (link.deadlineAt !== null && now >= link.deadlineAt) return "expired";
  if (link.status === "paused") return "paused";
  return "open";
}

/**
 * Who makes and manages a collection's drop links: whoever may share it, that is, update any
 * collection (the owner and admins). A link lets strangers add files, which is more than
 * sharing the collection with members does, so the collection's own creator, who may not share
 * it, may not make one either. Every role is tested in tests/unit/drop-links.test.ts.
 */
export function canManageDropLinks(role: Role): boolean {
  return can(role, "update", "collection:any");
}

/** Who reviews files a link holds for review: the same owners and admins. */
export function canReviewGuestFiles(role: Role): boolean {
  return can(role, "update", "collection:any");
}
