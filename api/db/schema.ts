import type { Generated, Kysely, Selectable } from "kysely";
import type { ActivityKind, ActivityTarget } from "#domain/activity.ts";
import type { AskName, DropLinkStatus, GuestsSee } from "#domain/drop-links.ts";
import type { MemberStatus, MemberType } from "#domain/members.ts";
import type { SignInProvider } from "#domain/providers.ts";
import type { CollectionMode, CollectionStatus, Role, TeamMode } from "#domain/roles.ts";

/** Timestamps are epoch milliseconds everywhere (bigint columns, read back as numbers). */
export interface SubscriptionsTable {
  email: string;
  terms_version: string;
  privacy_version: string;
  locale: string;
  created_at: number;
  /** When the address asked to hear no more; the row is deleted soon after. */
  unsubscribed_at: number | null;
}

/** Booleans are integers, 0 or 1, on both databases. */
export type Flag = 0 | 1;

export interface UsersTable {
  user_id: string;
  /** Null for internal members. */
  email: string | null;
  email_verified: Flag;
  /** argon2id; null for accounts that sign in only through a provider. */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  nickname: string | null;
  preferred_name: string | null;
  /** Unique within team_id (or among users of no team); the user id for self-signups. */
  username: string;
  /** The team an internal member belongs to; null for everyone else. */
  team_id: string | null;
  user_scope: "global" | "team";
  must_change_password: Flag;
  locale: "en" | "it";
  avatar_url: string | null;
  /** What created the account. */
  provider: SignInProvider;
  created_at: number;
  updated_at: number;
  /** The versions of the terms and privacy policy accepted at sign-up (migration 0024, ADR 096). */
  terms_version: string | null;
  privacy_version: string | null;
  /** When the person confirmed they are MINIMUM_AGE or older; null for internal members. */
  age_confirmed_at: number | null;
  /** When the address unsubscribed from notification mail (migration 0026, ADR 099); null: not. */
  notifications_off_at: number | null;
}

export type EmailCodePurpose = "verify" | "reset" | "changeEmail";

export interface EmailCodesTable {
  code_id: string;
  user_id: string;
  purpose: EmailCodePurpose;
  /** HMAC-SHA-256 of the code under the token signing key: a database copy alone cannot test codes. */
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The address a changeEmail code confirms (ADR 077); null for other purposes. */
  new_email: string | null;
}

/** A sign-in: the family its refresh tokens rotate within. */
export interface SessionsTable {
  family_id: string;
  user_id: string;
  provider: SignInProvider;
  created_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  family_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A social sign-in flow an ID token has used: it signs in once (ADR 086). */
export interface FederatedFlowsTable {
  flow_hash: string;
  expires_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** waiting: the upload address is out, no bytes yet. The API shows it as processing. */
export type AvatarUploadStatus = "waiting" | "processing" | "ready" | "error";

export interface AvatarUploadsTable {
  avatar_id: string;
  user_id: string;
  status: AvatarUploadStatus;
  source: "upload" | "remote";
  /** The type announced for an upload (the bytes must be of it); null for a link. */
  content_type: string | null;
  remote_url: string | null;
  /** An error code of docs/product.md#errors, when status is error. */
  error_code: string | null;
  error_message: string | null;
  /** The signed upload address works once, until this instant; null for a link. */
  upload_expires_at: number | null;
  upload_used_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface TeamsTable {
  team_id: string;
  name: string;
  /** `name` lowercased: the key of prefix search. */
  name_key: string;
  description: string | null;
  mode: TeamMode;
  logo_url: string | null;
  created_by: string;
  owner_id: string;
  updated_by: string;
  /** The favourite alias; null until the team has one. */
  star_alias: string | null;
  created_at: number;
  updated_at: number;
  /** When the owner deleted the team; null while it lives (migration 0022, ADR 094). */
  deleted_at: Generated<number | null>;
  /** Who deleted it. */
  deleted_by: Generated<string | null>;
  /** When a deleted team is purged for good: deleted_at + its owner's plan's trashRetentionDays. */
  purge_at: Generated<number | null>;
}

export interface TeamAliasesTable {
  alias: string;
  team_id: string;
  created_by: string;
  created_at: number;
}

export interface MembersTable {
  team_id: string;
  /** The user id; `EMAIL#<address>` for an invitation not accepted yet. */
  member_id: string;
  /** The account behind the membership, once there is one. */
  user_id: string | null;
  /** The invited address, lowercase; null for internal members. */
  email: string | null;
  nickname: string;
  /** `nickname` lowercased: unique within the team, and the key of prefix search. */
  nickname_key: string;
  role: Role;
  status: MemberStatus;
  type: MemberType;
  locale: "en" | "it";
  created_by: string;
  created_at: number;
  updated_at: number;
  joined_at: number | null;
  /** SHA-256 of the single-use invitation token. */
  invite_token_hash: string | null;
  invite_sent_at: number | null;
  invite_expires_at: number | null;
}

/** As avatar_uploads, for a team's logo. */
export interface LogoUploadsTable extends Omit<AvatarUploadsTable, "avatar_id"> {
  logo_id: string;
  team_id: string;
}

export interface CollectionsTable {
  collection_id: string;
  team_id: string;
  name: string;
  /** `name` lowercased. */
  name_key: string;
  description: string | null;
  mode: CollectionMode;
  status: CollectionStatus;
  /** The creator's member id. */
  created_by: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
  /** What lists sort and filter by: created_at until files move it. */
  ref_date: number;
  /** When it went to the trash, with its files; null while it is not there (migration 0021, ADR 092). */
  deleted_at: number | null;
  /** The member id of who moved it to the trash. */
  deleted_by: string | null;
  /** When a trashed collection is purged: fixed at the deletion by the owner's plan (ADR 092). */
  purge_at: number | null;
}

/** A member tagged on a collection. */
export interface CollectionTagsTable {
  collection_id: string;
  user_id: string;
}

/** When a member last opened a collection. */
export interface CollectionReadsTable {
  collection_id: string;
  user_id: string;
  read_at: number;
}

export const FILE_STATUSES = ["uploading", "processing", "ready", "failed"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
/**
 * Statuses readers see: the bytes have all arrived. Every list, count and read of files keeps
 * to them (api/files/files.ts, and the files count of api/collections/collections.ts), and to
 * files out of the trash: `deleted_at` null on the file and on its collection (ADR 092).
 */
export const VISIBLE_FILE_STATUSES = ["processing", "ready"] as const satisfies FileStatus[];

/**
 * Why a ready file has no preview (docs/product.md#thumbnails): a type we make none for, bytes
 * the decoder could not read, a decoder this server lacks (ffmpeg for videos), an image larger
 * than we decode, or processing that failed every attempt.
 */
export const NO_PREVIEW_REASONS = [
  "unsupportedType",
  "damagedFile",
  "decoderMissing",
  "tooLarge",
  "processingFailed",
] as const;
export type NoPreviewReason = (typeof NO_PREVIEW_REASONS)[number];

export interface FilesTable {
  file_id: string;
  team_id: string;
  collection_id: string;
  name: string;
  /** `name` lowercased. */
  name_key: string;
  /** The name it was uploaded with; renames leave it. */
  original_name: string;
  /** Declared until the content is sniffed, then the sniffed type. */
  content_type: string;
  /** Declared at creation, then the bytes received. */
  size: number;
  crc32: number | null;
  /**
   * The SHA-256 of its bytes, lowercase hex, from processing's one pass (migration 0027, ADR
   * 102); null until then, and for files stored before.
   */
  sha256: string | null;
  status: FileStatus;
  /** The error code processing refused the file with. */
  error_code: string | null;
  blob_key: string | null;
  thumbnail_key: string | null;
  /** A larger square thumbnail (THUMBNAIL_LARGE_PX), for dense screens and grids. */
  thumbnail_large_key: string | null;
  preview_key: string | null;
  /** Why a ready file has no preview; null while processing or when it has one (migration 0011). */
  no_preview_reason: NoPreviewReason | null;
  /** An image's or video's size, upright, in pixels; null when unknown. */
  width: number | null;
  height: number | null;
  /** A video's length in milliseconds; null for anything else. */
  duration_ms: number | null;
  upload_id: string | null;
  /** The uploader's member id. */
  uploaded_by: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
  /** The EXIF capture date when there is one, else created_at. */
  ref_date: number;
  /** The EXIF capture date; null when the file has none (migration 0014, ADR 080). */
  taken_at: number | null;
  /** The camera's make and model as its EXIF writes them; null when it does not. */
  camera_make: string | null;
  camera_model: string | null;
  /** A Live Photo's motion: the photo this short film moves (migration 0012, ADR 063). */
  motion_of: string | null;
  /**
   * When it went to the trash on its own; null while it is not there (migration 0021, ADR 092).
   * A file of a trashed collection keeps null: the collection's mark hides it.
   */
  deleted_at: Generated<number | null>;
  /** The member id of who moved it to the trash. */
  deleted_by: Generated<string | null>;
  /** When a file trashed on its own is purged: fixed at deletion by the owner's plan (ADR 092). */
  purge_at: Generated<number | null>;
  /**
   * The drop link a guest sent it through, the guest, and the name they gave (migration 0025,
   * ADR 097); null for a member's file. uploaded_by is then the link's creator.
   */
  drop_link_id: Generated<string | null>;
  guest_id: Generated<string | null>;
  guest_name: Generated<string | null>;
  /** "held": waits for review by an owner or admin, and no one else sees it (ADR 097). */
  review_state: Generated<ReviewState | null>;
}

export type ReviewState = "held";

/** A collection's drop link (migration 0025, ADR 097). */
export interface DropLinksTable {
  link_id: string;
  team_id: string;
  collection_id: string;
  /** The secret of its short address (domain/drop-links.ts). */
  token: string;
  title: string;
  message: string | null;
  deadline_at: number | null;
  /** The IANA time zone the deadline was set in, to show it as it was meant. */
  time_zone: string;
  pin_hash: string | null;
  ask_name: AskName;
  /** 1: the guest page offers an email field (never required). */
  ask_email: number;
  guest_max_files: number | null;
  guest_max_bytes: number | null;
  guests_see: GuestsSee;
  /** 1: guests' files wait for review. */
  hold_for_review: number;
  status: DropLinkStatus;
  /** The member who made it. */
  created_by: string;
  created_at: number;
  updated_at: number;
  digest_sent_at: number | null;
}

/** One guest's entry through a drop link. */
export interface DropGuestsTable {
  guest_id: string;
  link_id: string;
  /** SHA-256 (hex) of the credential in the guest's cookie. */
  token_hash: string;
  name: string | null;
  email: string | null;
  created_at: number;
}

/** When a member last opened a file. */
export interface FileReadsTable {
  file_id: string;
  user_id: string;
  read_at: number;
}

/** The durable job queue: a job survives a restart and is claimed by one instance at a time. */
export interface JobsTable {
  job_id: string;
  kind: string;
  /** The job's JSON argument. */
  payload: string;
  run_at: number;
  attempts: Generated<number>;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  /** The request that enqueued the job, for the log (migration 0010). */
  request_id: string | null;
}

/**
 * Who may write a resumable upload now (migration 0010): one row per locked upload, held by one
 * request on one instance until `expires_at` unless renewed (api/uploads/upload-locks.ts).
 */
export interface UploadLocksTable {
  upload_id: string;
  /** The holding request's random id. */
  holder: string;
  expires_at: number;
  /** Set by a request that wants the lock: the holder stops its request and lets go. */
  release_requested_at: number | null;
}

/** A collection download a member asked for: its parts' entries are fixed when asked. */
export interface DownloadsTable {
  download_id: string;
  team_id: string;
  collection_id: string;
  /** The user who asked. */
  requested_by: string;
  /** The archive's file name without ".zip". */
  archive_name: string;
  status: DownloadStatus;
  total_parts: number;
  created_at: number;
  expires_at: number;
  /**
   * The drop link a guest asked through (ADR 100): its zip works only while that link still
   * opens its gallery. Null for a member's own zip.
   */
  drop_link_id: string | null;
}

export const DOWNLOAD_STATUSES = ["ready", "failed"] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** One entry of one part of a download, in archive order. */
export interface DownloadEntriesTable {
  download_id: string;
  /** 1, 2, ... */
  part: number;
  position: number;
  file_id: string;
  blob_key: string;
  /** The entry's path in the archive, clean and unique (api/downloads/zip-names.ts). */
  entry_name: string;
  size: number;
  crc32: number;
  modified_at: number;
}

/** Bytes downloads served, charged to a team owner's plan per period. */
export interface TrafficUsageTable {
  owner_id: string;
  /** A UTC month ("2026-11") or "total". */
  period: string;
  bytes: number;
}

export interface BillingAccountsTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  plan_id: string | null;
  subscription_status: string | null;
  changed_at: number;
}

export interface BillingEventsTable {
  event_id: string;
  type: string;
  received_at: number;
}

/** One change to a team's content or membership (migration 0020, ADR 091). */
export interface ActivityTable {
  activity_id: string;
  team_id: string;
  /** The acting user; null for the system (the trash purge, billing). */
  actor_id: string | null;
  /** The actor's nickname in the team when it acted. */
  actor_name: string | null;
  kind: ActivityKind;
  target_type: ActivityTarget;
  target_id: string;
  /** The target's name when it happened. */
  target_name: string | null;
  /** JSON: what else the kind carries. */
  detail: string | null;
  created_at: number;
}

export interface Database {
  subscriptions: SubscriptionsTable;
  users: UsersTable;
  email_codes: EmailCodesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  federated_flows: FederatedFlowsTable;
  avatar_uploads: AvatarUploadsTable;
  teams: TeamsTable;
  team_aliases: TeamAliasesTable;
  members: MembersTable;
  logo_uploads: LogoUploadsTable;
  collections: CollectionsTable;
  collection_tags: CollectionTagsTable;
  collection_reads: CollectionReadsTable;
  files: FilesTable;
  file_reads: FileReadsTable;
  jobs: JobsTable;
  upload_locks: UploadLocksTable;
  downloads: DownloadsTable;
  download_entries: DownloadEntriesTable;
  traffic_usage: TrafficUsageTable;
  billing_accounts: BillingAccountsTable;
  billing_events: BillingEventsTable;
  activity: ActivityTable;
  drop_links: DropLinksTable;
  drop_guests: DropGuestsTable;
}

export type Db = Kysely<Database>;

export type UserRow = Selectable<UsersTable>;
export type AvatarUploadRow = Selectable<AvatarUploadsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type MemberRow = Selectable<MembersTable>;
export type LogoUploadRow = Selectable<LogoUploadsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type FileRow = Selectable<FilesTable>;
export type JobRow = Selectable<JobsTable>;
export type DownloadRow = Selectable<DownloadsTable>;
export type DownloadEntryRow = Selectable<DownloadEntriesTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type DropLinkRow = Selectable<DropLinksTable>;
export type DropGuestRow = Selectable<DropGuestsTable>;
