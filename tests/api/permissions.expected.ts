// The status each caller gets from each team endpoint, written down from
// docs/product.md#permissions rather than computed from domain/roles.ts, so a change to the rules
// shows up as a failing permission test. permissions.test.ts calls every endpoint as every actor
// and compares. Accepting and declining an invitation are not here: the mailed token is their
// credential, whoever calls (invitations.test.ts covers them).
//
// Actors: the five roles, a disabled member of the team, a signed-in user with no membership,
// and the owner of another team. A team someone cannot enter answers like a missing one (404),
// so only active members ever see 403: a member naming a collection of the team it may not see
// gets 403 (ADR 071), an outsider 404.
//
// To add an endpoint: add a row here and a call in
// permissions.test.ts under the same name; the type checker holds the two lists together.

export const PERMISSION_ACTORS = [
  "owner",
  "admin",
  "upviewer",
  "uploader",
  "viewer",
  "disabled",
  "nonMember",
  "otherTeam",
] as const;
export type PermissionActor = (typeof PERMISSION_ACTORS)[number];

export type ExpectedStatuses = Readonly<Record<PermissionActor, number>>;

/** Disabled members, strangers and other teams' members: the team is not there for them. */
const OUTSIDERS = { disabled: 404, nonMember: 404, otherTeam: 404 } as const;

export const EXPECTED_STATUS = {
  // read team: every role.
  "GET /teams/{teamId}": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // update team: owner and admin (the admin row: "as owner, including team").
  "PATCH /teams/{teamId} /name": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // create team alias: the owner only (admin lacks it).
  "POST /teams/{teamId}/aliases": {
    owner: 201,
    admin: 403,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // delete team: the owner only (ADR 094). What it would take with it, read before deleting.
  "GET /teams/{teamId}/deletion": {
    owner: 200,
    admin: 403,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Called with a name that is not the team's, so the shared team stays: the owner gets the
  // name's refusal, every other role the role's.
  "DELETE /teams/{teamId} (a wrong name)": {
    owner: 400,
    admin: 403,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // A live team has nothing to restore: notFound for everyone, as for a team that is not theirs.
  "POST /teams/{teamId}/restore (a live team)": {
    owner: 404,
    admin: 404,
    upviewer: 404,
    uploader: 404,
    viewer: 404,
    ...OUTSIDERS,
  },
  // The logo is part of the team: update team.
  "POST /teams/{teamId}/logos": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/logos/{logoId}": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // the activity log (ADR 091): those who update the team, owner and admin.
  "GET /teams/{teamId}/activity": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // read member: every role.
  "GET /teams/{teamId}/members": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/members/{userId}": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // create member: owner and admin ("Add member button needs create member").
  "POST /teams/{teamId}/members (email)": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "POST /teams/{teamId}/members (internal)": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Change role: update any member, on an active, non-internal, non-owner member, not self.
  "PATCH /teams/{teamId}/members/{userId} /role": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Disable: update any member, on an active, non-owner member, not self.
  "PATCH /teams/{teamId}/members/{userId} /status disabled": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Reactivate: update any member, on a disabled or banned member.
  "PATCH /teams/{teamId}/members/{userId} /status active": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Rename another (non-owner) member: update any member.
  "PATCH /teams/{teamId}/members/{userId} /nickname (another member)": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Rename oneself: update any member on self, or update own member on self: every role.
  "PATCH /teams/{teamId}/members/{userId} /nickname (self)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // Remove: delete member, and "only the owner can delete members" (admin's matrix cell is
  // narrowed by the role description).
  "DELETE /teams/{teamId}/members/{userId}": {
    owner: 204,
    admin: 403,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Reset password: internal members only, with update any member.
  "POST /teams/{teamId}/members/{userId}/new-password": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Resend invite: an invited member; an invitation is a create member.
  "POST /teams/{teamId}/invitations/resend": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // read collection: every role. The lists hold what each may see (collections.test.ts).
  "GET /teams/{teamId}/collections": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/members/{userId}/collections": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/shared-collections": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // The caller's own collections across teams: anyone signed in (an empty page without teams).
  "GET /collections": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    disabled: 200,
    nonMember: 200,
    otherTeam: 200,
  },
  // A collaborative collection: every role sees it.
  "GET /teams/{teamId}/collections/{collectionId} (collaborative)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // Someone else's owned collection: the uploader cannot see other members' content, and is
  // told so (forbidden, naming the creator) rather than told it is missing (ADR 071).
  "GET /teams/{teamId}/collections/{collectionId} (someone else's owned)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 403,
    viewer: 200,
    ...OUTSIDERS,
  },
  // create collection: owner and admin always; uploader and upviewer in a collaborative team.
  "POST /teams/{teamId}/collections (collaborative team)": {
    owner: 201,
    admin: 201,
    upviewer: 201,
    uploader: 201,
    viewer: 403,
    ...OUTSIDERS,
  },
  "POST /teams/{teamId}/collections (controlled team)": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Uploader and upviewer cannot make a collection collaborative.
  "POST /teams/{teamId}/collections mode collaborative": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Rename someone else's owned collection: update any collection (hidden from the uploader).
  "PATCH /teams/{teamId}/collections/{collectionId} /name (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Rename one's own owned collection: update any, or update own (viewer has neither).
  "PATCH /teams/{teamId}/collections/{collectionId} /name (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Tag members on someone else's owned collection: the rename rule, so update any collection.
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Tag members on one's own owned collection: update any, or update own (viewer has neither).
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Tag members on someone else's collaborative collection: update any collection; everyone
  // sees it, so the others are refused rather than not told.
  "PATCH /teams/{teamId}/collections/{collectionId} /tags (collaborative)": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Share a published owned collection: update any collection.
  "PATCH /teams/{teamId}/collections/{collectionId} /mode collaborative": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Unshare a published collaborative collection: update any collection (everyone sees it).
  "PATCH /teams/{teamId}/collections/{collectionId} /mode owned": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Files. read any file or read own file: every role lists; the uploader's lists hold only its
  // own files (files.test.ts), and another member's file answers 404 to it, never 403.
  "GET /teams/{teamId}/collections/{collectionId}/files": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/files": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  // The caller's own files across teams: anyone signed in (an empty page without teams).
  "GET /files": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    disabled: 200,
    nonMember: 200,
    otherTeam: 200,
  },
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId} (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId} (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 404,
    viewer: 200,
    ...OUTSIDERS,
  },
  // Rename: update any file, or update own file on one's own (viewer has neither).
  "PATCH /teams/{teamId}/collections/{collectionId}/files/{fileId} /name (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  "PATCH /teams/{teamId}/collections/{collectionId}/files/{fileId} /name (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 404,
    viewer: 403,
    ...OUTSIDERS,
  },
  // delete file (to the trash, ADR 092): owner and admin, whoever uploaded it; uploader and
  // upviewer their own file of a collection they may add to (here a collaborative one).
  "DELETE /teams/{teamId}/collections/{collectionId}/files/{fileId} (own)": {
    owner: 204,
    admin: 204,
    upviewer: 204,
    uploader: 204,
    viewer: 403,
    ...OUTSIDERS,
  },
  "DELETE /teams/{teamId}/collections/{collectionId}/files/{fileId} (someone else's)": {
    owner: 204,
    admin: 204,
    upviewer: 403,
    uploader: 404,
    viewer: 403,
    ...OUTSIDERS,
  },
  // A link to the original: read any file, or read own file on one's own.
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/content (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/content (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 404,
    viewer: 200,
    ...OUTSIDERS,
  },
  // The files listed around one, as the collection's list shows them: the file's own rule.
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/neighbours (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/collections/{collectionId}/files/{fileId}/neighbours (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 404,
    viewer: 200,
    ...OUTSIDERS,
  },
  // Uploads: create file; owner and admin anywhere, uploader and upviewer in a collaborative
  // collection or their own; refused before any byte (uploads.test.ts covers the rest).
  "POST /teams/{teamId}/collections/{collectionId}/files (collaborative)": {
    owner: 201,
    admin: 201,
    upviewer: 201,
    uploader: 201,
    viewer: 403,
    ...OUTSIDERS,
  },
  // The room for one more file (ADR 083): whoever may start a file there.
  "GET /teams/{teamId}/collections/{collectionId}/upload-room (collaborative)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  // The duplicates check (ADR 102): whoever may start a file there.
  "POST /teams/{teamId}/collections/{collectionId}/duplicates (collaborative)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  // An uploader cannot see someone else's owned collection: forbidden, as reading it.
  "POST /teams/{teamId}/collections/{collectionId}/files (someone else's owned)": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // tus creation names the team and collection in Upload-Metadata: the same rule.
  "POST /uploads (collaborative)": {
    owner: 201,
    admin: 201,
    upviewer: 201,
    uploader: 201,
    viewer: 403,
    ...OUTSIDERS,
  },
  // create download: owner, admin, upviewer, viewer; the uploader cannot
  // (docs/product.md#conditional-rules).
  "POST /teams/{teamId}/downloads": {
    owner: 201,
    admin: 201,
    upviewer: 201,
    uploader: 403,
    viewer: 201,
    ...OUTSIDERS,
  },
  // read download, on one's own: every role but the uploader.
  "GET /teams/{teamId}/downloads/{downloadId} (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 403,
    viewer: 200,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/downloads/{downloadId}/download (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 403,
    viewer: 200,
    ...OUTSIDERS,
  },
  // A download is its asker's alone: anyone else's is invalidDownload, as a missing one.
  "GET /teams/{teamId}/downloads/{downloadId} (someone else's)": {
    owner: 404,
    admin: 404,
    upviewer: 404,
    uploader: 403,
    viewer: 404,
    ...OUTSIDERS,
  },
  // The trash (ADR 092): collections go there by owner and admin only.
  "DELETE /teams/{teamId}/collections/{collectionId} (own)": {
    owner: 204,
    admin: 204,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Owner and admin see all of it, contributors their own files, a viewer is refused.
  "GET /teams/{teamId}/trash": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Who may delete a file may restore it; another's file is not in a contributor's trash.
  "POST /teams/{teamId}/trash/files/{fileId}/restore (own)": {
    owner: 200,
    admin: 200,
    upviewer: 200,
    uploader: 200,
    viewer: 403,
    ...OUTSIDERS,
  },
  "POST /teams/{teamId}/trash/files/{fileId}/restore (someone else's)": {
    owner: 200,
    admin: 200,
    upviewer: 404,
    uploader: 404,
    viewer: 403,
    ...OUTSIDERS,
  },
  "POST /teams/{teamId}/trash/collections/{collectionId}/restore": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Deleting forever and emptying: owner and admin.
  "DELETE /teams/{teamId}/trash/files/{fileId}": {
    owner: 204,
    admin: 204,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "DELETE /teams/{teamId}/trash/collections/{collectionId}": {
    owner: 204,
    admin: 204,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "DELETE /teams/{teamId}/trash": {
    owner: 202,
    admin: 202,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  // Drop links (ADR 097): whoever may share a collection, the owner and admins, manages them.
  "GET /teams/{teamId}/collections/{collectionId}/drop-links": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "POST /teams/{teamId}/collections/{collectionId}/drop-links": {
    owner: 201,
    admin: 201,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/drop-links": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/drop-links/{linkId}": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "PATCH /teams/{teamId}/drop-links/{linkId}": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
  "GET /teams/{teamId}/drop-links/{linkId}/qr.svg": {
    owner: 200,
    admin: 200,
    upviewer: 403,
    uploader: 403,
    viewer: 403,
    ...OUTSIDERS,
  },
} as const satisfies Record<string, ExpectedStatuses>;

export type PermissionEndpoint = keyof typeof EXPECTED_STATUS;
