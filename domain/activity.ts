// The team activity log: what it records and how long (docs/decisions/091-activity-log-in-the-same-transaction.md).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries older than this are purged. */
export const ACTIVITY_RETENTION_DAYS = 365;
export const ACTIVITY_RETENTION_MS = ACTIVITY_RETENTION_DAYS * DAY_MS;

/**
 * Every kind of change the log records, named `<target><Verb>`. A change to a team's content or
 * membership records one entry in the transaction that makes the change.
 */
export const ACTIVITY_KINDS = [
  // Files
  "fileUploaded",
  "fileRenamed",
  "fileDeleted",
  "fileRestored",
  "filePurged",
  // A guest sent it through a drop link; an owner or admin approved or rejected a held one
  "fileSentByGuest",
  "fileApproved",
  "fileRejected",
  // A guest deleted a file they had sent, within the hour they may (ADR 098)
  "fileWithdrawnByGuest",
  // Collections
  "collectionCreated",
  "collectionRenamed",
  "collectionShared",
  "collectionUnshared",
  "collectionDescribed",
  "collectionTagged",
  "collectionDownloaded",
  "collectionDeleted",
  "collectionRestored",
  "collectionPurged",
  // The team
  "teamCreated",
  "teamRenamed",
  "teamDescribed",
  "teamModeChanged",
  "teamLogoChanged",
  "teamAliasAdded",
  "teamAliasStarred",
  "teamPlanChanged",
  "teamOwnershipTransferred",
  "teamDeleted",
  "teamRestored",
  "trashEmptied",
  // Members
  "memberInvited",
  "memberInvitationResent",
  "memberAdded",
  "memberAccepted",
  "memberRejected",
  "memberRoleChanged",
  "memberRenamed",
  "memberDisabled",
  "memberReactivated",
  "memberBanned",
  "memberLeft",
  "memberRemoved",
  // Drop links (ADR 097)
  "dropLinkCreated",
  "dropLinkChanged",
  "dropLinkPaused",
  "dropLinkResumed",
  "dropLinkRevoked",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export function isActivityKind(value: unknown): value is ActivityKind {
  return (ACTIVITY_KINDS as readonly unknown[]).includes(value);
}

/** What an entry is about. */
export const ACTIVITY_TARGETS = [
  "file",
  "collection",
  "team",
  "member",
  "alias",
  "dropLink",
] as const;
export type ActivityTarget = (typeof ACTIVITY_TARGETS)[number];

/** The groups the Activity screen's kind filter offers, each with its kinds. */
export const ACTIVITY_KIND_GROUPS = {
  files: ACTIVITY_KINDS.filter((kind) => kind.startsWith("file")),
  collections: ACTIVITY_KINDS.filter((kind) => kind.startsWith("collection")),
  members: ACTIVITY_KINDS.filter((kind) => kind.startsWith("member")),
  team: ACTIVITY_KINDS.filter((kind) => kind.startsWith("team") || kind === "trashEmptied"),
  links: ACTIVITY_KINDS.filter((kind) => kind.startsWith("dropLink")),
} as const satisfies Record<string, readonly ActivityKind[]>;
export type ActivityKindGroup = keyof typeof ACTIVITY_KIND_GROUPS;

/** The largest page of the activity list, and its default. */
export const ACTIVITY_PAGE_MAX = 100;
export const ACTIVITY_PAGE_DEFAULT = 20;
