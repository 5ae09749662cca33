// Roles, the permission matrix and the conditional and interface rules (docs/product.md#roles,
// docs/product.md#permissions, docs/product.md#conditional-rules).

import type { EffectiveMemberStatus, MemberType } from "./members.ts";

export const ROLES = ["owner", "admin", "uploader", "upviewer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** Roles an administrator may give. The owner is assigned with the team, never chosen. */
export const ASSIGNABLE_ROLES = ["admin", "uploader", "viewer", "upviewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
/** Internal members are always contributors. */
export const INTERNAL_MEMBER_ROLE = "uploader" satisfies AssignableRole;

/** Collaborative: contributors may create collections. Controlled: they only add files. */
export const TEAM_MODES = ["collaborative", "controlled"] as const;
export type TeamMode = (typeof TEAM_MODES)[number];
export const DEFAULT_TEAM_MODE = "collaborative" satisfies TeamMode;

export const COLLECTION_MODES = ["owned", "collaborative"] as const;
export type CollectionMode = (typeof COLLECTION_MODES)[number];
export const COLLECTION_STATUSES = ["draft", "published"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** The user scope that allows creating teams. */
export const TEAM_CREATOR_SCOPE = "global";

export const ACTIONS = ["create", "read", "update", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Resources as the matrix names them. ":any" and ":own" are separate cells, exactly as in
 * docs/product.md#permissions (owner has "update any file" but no "update own file"); the rule
 * functions below combine them where a rule says "any, or own".
 */
export const RESOURCES = [
  "collection",
  "collection:any",
  "collection:own",
  "download",
  "file",
  "file:any",
  "file:own",
  "member",
  "member:any",
  "member:own",
  "team",
  "teamAlias",
] as const;
export type Resource = (typeof RESOURCES)[number];

const OWNER_READ = ["collection", "download", "file:any", "member", "team"] as const;
const OWNER_UPDATE = ["team", "member:any", "file:any", "collection:any"] as const;

/**
 * The permission matrix. The admin row is the owner's except that admin cannot create a
 * team alias nor delete the team; admin does update the team (docs/product.md#permissions, on the
 * admin row).
 */
export const PERMISSIONS: Readonly<Record<Role, Readonly<Record<Action, readonly Resource[]>>>> = {
  owner: {
    create: ["collection", "download", "file", "member", "teamAlias"],
    read: OWNER_READ,
    update: OWNER_UPDATE,
    delete: ["team", "collection", "file", "member"],
  },
  admin: {
    create: ["collection", "download", "file", "member"],
    read: OWNER_READ,
    update: OWNER_UPDATE,
    delete: ["collection", "file", "member"],
  },
  upviewer: {
    create: ["collection", "file", "download"],
    read: ["collection", "download", "file:any", "member", "team"],
    update: ["collection:own", "file:own", "member:own"],
    delete: [],
  },
  uploader: {
    create: ["collection", "file"],
    read: ["collection", "file:own", "member", "team"],
    update: ["collection:own", "file:own", "member:own"],
    delete: [],
  },
  viewer: {
    create: ["download"],
    read: ["collection", "download", "file:any", "member", "team"],
    update: ["member:own"],
    delete: [],
  },
};

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** One cell of the matrix. */
export function can(role: Role, action: Action, resource: Resource): boolean {
  return PERMISSIONS[role][action].includes(resource);
}

/** The signed-in user acting in a team. */
export interface Actor {
  userId: string;
  role: Role;
}

/** The member a member-menu action targets. */
export interface TargetMember {
  userId: string;
  role: Role;
  /** Pass the effective status (see effectiveMemberStatus) so expired invitations count. */
  status: EffectiveMemberStatus;
  type: MemberType;
}

const alwaysCreates = (role: Role) => role === "owner" || role === "admin";

// Conditional rules

export function canCreateTeam(userScope: string | null | undefined): boolean {
  return userScope === TEAM_CREATOR_SCOPE;
}

/** Owner and admin always; uploader and upviewer only in a collaborative team. */
export function canCreateCollection(role: Role, teamMode: TeamMode): boolean {
  if (!can(role, "create", "collection")) return false;
  return alwaysCreates(role) || teamMode === "collaborative";
}

/**
 * Adding a file to a collection: owner and admin always; uploader and upviewer when they
 * created the collection or it is collaborative. The team mode does not matter here (a
 * controlled team still lets contributors add files); it is accepted only for convenience.
 */
export function canCreateFile(
  role: Role,
  context: {
    teamMode?: TeamMode;
    collectionMode: CollectionMode;
    collectionCreatedBy: string;
    userId: string;
  },
): boolean {
  if (!can(role, "create", "file")) return false;
  if (alwaysCreates(role)) return true;
  return (
    context.collectionMode === "collaborative" || context.collectionCreatedBy === context.userId
  );
}

/** Whether the "collaborative" box of the create-collection dialog is enabled. */
export function canMakeCollaborative(role: Role): boolean {
  return can(role, "update", "collection:any");
}

// Team menu and buttons

export function canSeeTeamInfo(role: Role): boolean {
  return can(role, "read", "team");
}

export function canRenameTeam(role: Role): boolean {
  return can(role, "update", "team");
}

export function canChangeTeamLogo(role: Role): boolean {
  return can(role, "update", "team");
}

export function canAddAlias(role: Role): boolean {
  return can(role, "create", "teamAlias");
}

export function canAddMember(role: Role): boolean {
  return can(role, "create", "member");
}

// Member menu

const isSelf = (actor: Actor, target: TargetMember) => actor.userId === target.userId;

export function canSeeMemberInfo(role: Role): boolean {
  return can(role, "read", "member");
}

/** Disable an active member who is neither the owner nor the actor. */
export function canDeactivateMember(actor: Actor, target: TargetMember): boolean {
  return (
    can(actor.role, "update", "member:any") &&
    !isSelf(actor, target) &&
    target.role !== "owner" &&
    target.status === "active"
  );
}

export function canReactivateMember(actor: Actor, target: TargetMember): boolean {
  return (
    can(actor.role, "update", "member:any") &&
    (target.status === "disabled" || target.status === "banned")
  );
}

/**
 * Resend to an invited member, including one whose invitation expired. Resending is an
 * invitation, so it needs create member. The 24-hour cooldown is checked apart
 * (isInvitationResendAllowed in members.ts) and by the server.
 */
export function canResendInvitation(actor: Actor, target: TargetMember): boolean {
  return (
    can(actor.role, "create", "member") &&
    (target.status === "invited" || target.status === "invitation_expired")
  );
}

/** Regenerate an internal member's password. */
export function canResetMemberPassword(actor: Actor, target: TargetMember): boolean {
  return can(actor.role, "update", "member:any") && target.type === "internal";
}

/** Only active, non-internal, non-owner members other than the actor (internal: uploader). */
export function canChangeMemberRole(actor: Actor, target: TargetMember): boolean {
  return (
    can(actor.role, "update", "member:any") &&
    !isSelf(actor, target) &&
    target.role !== "owner" &&
    target.status === "active" &&
    target.type !== "internal"
  );
}

/** Update any member on self or on non-owners, or update own member on self. */
export function canRenameMember(actor: Actor, target: TargetMember): boolean {
  const self = isSelf(actor, target);
  if (can(actor.role, "update", "member:any") && (self || target.role !== "owner")) return true;
  return can(actor.role, "update", "member:own") && self;
}

/**
 * Remove a member. Owner only: the role description says only the owner deletes members,
 * which is stricter than the matrix's admin row. The owner cannot be removed.
 */
export function canDeleteMember(actor: Actor, target: TargetMember): boolean {
  return actor.role === "owner" && !isSelf(actor, target) && target.role !== "owner";
}

// Collection menu

export function canRenameCollection(
  actor: Actor,
  collection: { mode: CollectionMode; createdBy: string },
): boolean {
  if (can(actor.role, "update", "collection:any")) return true;
  return (
    can(actor.role, "update", "collection:own") &&
    collection.mode === "owned" &&
    collection.createdBy === actor.userId
  );
}

/**
 * Share turns an owned, published collection collaborative; unshare turns a collaborative,
 * published one owned. Drafts have no transition.
 */
export function shareTransition(collection: {
  mode: CollectionMode;
  status: CollectionStatus;
}): { action: "share"; mode: "collaborative" } | { action: "unshare"; mode: "owned" } | null {
  if (collection.status !== "published") return null;
  return collection.mode === "owned"
    ? { action: "share", mode: "collaborative" }
    : { action: "unshare", mode: "owned" };
}

/** Share or unshare (whichever applies) needs update any collection. */
export function canShareCollection(
  role: Role,
  collection: { mode: CollectionMode; status: CollectionStatus },
): boolean {
  return can(role, "update", "collection:any") && shareTransition(collection) !== null;
}

/**
 * Whether a role sees every collection of the team. The uploader cannot see other members'
 * content (role description): it sees only the collections it created and the collaborative
 * ones it may add files to. The others read any file, so they see everything.
 */
export function canSeeAllCollections(role: Role): boolean {
  return can(role, "read", "file:any");
}

/** Whether a member sees one collection: all of them, or their own and collaborative ones. */
export function canSeeCollection(
  actor: Actor,
  collection: { mode: CollectionMode; createdBy: string },
): boolean {
  return (
    canSeeAllCollections(actor.role) ||
    collection.mode === "collaborative" ||
    collection.createdBy === actor.userId
  );
}

/** Download a collection as a zip. */
export function canDownloadCollection(role: Role): boolean {
  return can(role, "create", "download");
}

// Files

export function canRenameFile(actor: Actor, file: { uploadedBy: string }): boolean {
  if (can(actor.role, "update", "file:any")) return true;
  return can(actor.role, "update", "file:own") && file.uploadedBy === actor.userId;
}

/**
 * Fetch a file's original bytes: read any file, or read own file on a file the actor uploaded.
 * The API checks it on every content link for the original; thumbnails and previews need only
 * that the caller sees the file.
 */
export function canDownloadFile(actor: Actor, file: { uploadedBy: string }): boolean {
  if (can(actor.role, "read", "file:any")) return true;
  return can(actor.role, "read", "file:own") && file.uploadedBy === actor.userId;
}

/** The download entry of the file menu: the same rule as canDownloadFile. */
export function canDownloadFileFromMenu(actor: Actor, file: { uploadedBy: string }): boolean {
  return canDownloadFile(actor, file);
}

// The trash (docs/decisions/092-deleted-files-and-collections-go-to-a-trash.md)

/** A file's collection, as the delete and restore rules read it. */
export interface FileCollection {
  mode: CollectionMode;
  createdBy: string;
}

/**
 * Whether a contributor may remove or bring back their own file of a collection: exactly
 * canCreateFile's rule (they created the collection or it is collaborative).
 */
function ownsFileIn(actor: Actor, file: { uploadedBy: string }, collection: FileCollection) {
  return (
    file.uploadedBy === actor.userId &&
    canCreateFile(actor.role, {
      collectionMode: collection.mode,
      collectionCreatedBy: collection.createdBy,
      userId: actor.userId,
    })
  );
}

/**
 * Move a file to the trash: delete file (owner and admin), whoever uploaded it; uploader and
 * upviewer their own file while the collection is theirs to add to; viewer never.
 */
export function canDeleteFile(
  actor: Actor,
  file: { uploadedBy: string },
  collection: FileCollection,
): boolean {
  if (can(actor.role, "delete", "file")) return true;
  return ownsFileIn(actor, file, collection);
}

/** Bring a file back from the trash: the same rule as moving it there. */
export function canRestoreFile(
  actor: Actor,
  file: { uploadedBy: string },
  collection: FileCollection,
): boolean {
  return canDeleteFile(actor, file, collection);
}

/** Move a collection, with its files, to the trash: owner and admin. */
export function canDeleteCollection(role: Role): boolean {
  return can(role, "delete", "collection");
}

/** Bring a collection back from the trash: owner and admin. */
export function canRestoreCollection(role: Role): boolean {
  return can(role, "delete", "collection");
}

/**
 * Open the trash: owner and admin see all of it, uploader and upviewer only their own files
 * (canSeeWholeTrash); a viewer, who deletes nothing, is refused.
 */
export function canSeeTrash(role: Role): boolean {
  return can(role, "delete", "file") || can(role, "create", "file");
}

/** Whether the trash a role sees holds every item of the team, not only the caller's files. */
export function canSeeWholeTrash(role: Role): boolean {
  return can(role, "delete", "file") && can(role, "delete", "collection");
}

/** Empty the trash, or delete one item of it forever: owner and admin. */
export function canEmptyTrash(role: Role): boolean {
  return can(role, "delete", "file") && can(role, "delete", "collection");
}

export function canDownloadFromPreview(role: Role): boolean {
  return can(role, "create", "download");
}
