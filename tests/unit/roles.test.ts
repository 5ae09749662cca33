import { describe, expect, it } from "vitest";
import type { EffectiveMemberStatus } from "#domain/members.ts";
import {
  ACTIONS,
  type Actor,
  ASSIGNABLE_ROLES,
  type CollectionMode,
  type CollectionStatus,
  can,
  canAddAlias,
  canAddMember,
  canChangeMemberRole,
  canChangeTeamLogo,
  canCreateCollection,
  canCreateFile,
  canCreateTeam,
  canDeactivateMember,
  canDeleteCollection,
  canDeleteFile,
  canDeleteMember,
  canDownloadCollection,
  canDownloadFile,
  canDownloadFileFromMenu,
  canDownloadFromPreview,
  canEmptyTrash,
  canMakeCollaborative,
  canReactivateMember,
  canRenameCollection,
  canRenameFile,
  canRenameMember,
  canRenameTeam,
  canResendInvitation,
  canResetMemberPassword,
  canRestoreCollection,
  canRestoreFile,
  canSeeAllCollections,
  canSeeCollection,
  canSeeMemberInfo,
  canSeeTeamInfo,
  canSeeTrash,
  canSeeWholeTrash,
  canShareCollection,
  DEFAULT_TEAM_MODE,
  INTERNAL_MEMBER_ROLE,
  isRole,
  PERMISSIONS,
  RESOURCES,
  ROLES,
  type Role,
  shareTransition,
  type TargetMember,
  type TeamMode,
} from "#domain/roles.ts";

// The permission matrix as first specified, copied word for word
// (docs/product.md#permissions spells out its admin row); long rows are split
// after a cell and joined again by readSpecMatrix (a line not starting with "|" continues
// the previous row). It is read by a small interpreter of the matrix's own phrases,
// independent of domain/roles.ts.
const SPEC_MATRIX = `
| Role | create | read | update | delete |
|---|---|---|---|---|
| owner | collection, download, file, member, team alias |
  collection, download, any file, member, team |
  team, any member, any file, any collection | team, collection, file, member |
| admin | as owner except team alias | as owner | as owner (including team) | as owner except team |
| upviewer | collection, file, download | collection, download, any file, member, team |
  own collection, own file, own member | none |
| uploader | collection, file | collection, own file, member, team |
  own collection, own file, own member | none |
| viewer | download | collection, download, any file, member, team | own member | none |
`;

/** "any file" → "file:any", "own member" → "member:own", "team alias" → "teamAlias". */
function resourceOf(phrase: string): string {
  if (phrase === "team alias") return "teamAlias";
  const [qualifier, noun] = phrase.split(" ");
  if ((qualifier === "any" || qualifier === "own") && noun) return `${noun}:${qualifier}`;
  return phrase;
}

function readSpecMatrix(): Record<string, Record<string, Set<string>>> {
  const rows = SPEC_MATRIX.trim()
    .replace(/\n(?!\|)\s*/g, " ")
    .split("\n")
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const header = ["create", "read", "update", "delete"];
  const matrix: Record<string, Record<string, Set<string>>> = {};
  for (const [role, ...cells] of rows) {
    if (!role) throw new Error("row without a role");
    matrix[role] = {};
    cells.forEach((cell, index) => {
      const action = header[index]!;
      let resources: Set<string>;
      if (cell === "none") {
        resources = new Set();
      } else if (cell.startsWith("as owner")) {
        resources = new Set(matrix.owner![action]);
        const except = /except (.+)$/.exec(cell)?.[1];
        if (except) resources.delete(resourceOf(except));
        const including = /\(including (.+)\)$/.exec(cell)?.[1];
        if (including) expect(resources.has(resourceOf(including))).toBe(true);
      } else {
        resources = new Set(cell.split(",").map((phrase) => resourceOf(phrase.trim())));
      }
      matrix[role]![action] = resources;
    });
  }
  return matrix;
}

const SPEC = readSpecMatrix();

describe("permission matrix", () => {
  it("covers the product's five roles and four actions", () => {
    expect(Object.keys(SPEC).sort()).toEqual([...ROLES].sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
    expect([...ACTIONS]).toEqual(["create", "read", "update", "delete"]);
  });

  it("names only known resources", () => {
    for (const role of ROLES) {
      for (const action of ACTIONS) {
        for (const resource of SPEC[role]![action]!) {
          expect(RESOURCES).toContain(resource);
        }
      }
    }
  });

  const cells = ROLES.flatMap((role) =>
    ACTIONS.flatMap((action) => RESOURCES.map((resource) => [role, action, resource] as const)),
  );

  it.each(cells)("%s %s %s matches the spec", (role, action, resource) => {
    expect(can(role, action, resource)).toBe(SPEC[role]![action]!.has(resource));
  });

  it.each(ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const)))(
    "%s %s lists exactly the spec's resources",
    (role, action) => {
      expect(new Set(PERMISSIONS[role][action])).toEqual(SPEC[role]![action]);
      expect(PERMISSIONS[role][action].length).toBe(SPEC[role]![action]!.size);
    },
  );

  it("resolves the admin row as docs/product.md#permissions says", () => {
    expect(can("admin", "update", "team")).toBe(true);
    expect(can("admin", "create", "teamAlias")).toBe(false);
    expect(can("admin", "delete", "team")).toBe(false);
  });
});

describe("roles", () => {
  it("lists roles, assignable roles and the internal member's role", () => {
    expect([...ROLES]).toEqual(["owner", "admin", "uploader", "upviewer", "viewer"]);
    expect([...ASSIGNABLE_ROLES].sort()).toEqual(["admin", "uploader", "upviewer", "viewer"]);
    expect(ASSIGNABLE_ROLES).not.toContain("owner");
    expect(INTERNAL_MEMBER_ROLE).toBe("uploader");
    expect(DEFAULT_TEAM_MODE).toBe("collaborative");
  });

  it.each([
    ["owner", true],
    ["viewer", true],
    ["Owner", false],
    ["", false],
    [undefined, false],
  ])("isRole(%j) is %s", (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});

describe("conditional rules", () => {
  it.each([
    ["global", true],
    ["GLOBAL", false],
    ["team", false],
    ["", false],
    [null, false],
    [undefined, false],
  ])("canCreateTeam(%j) is %s", (scope, expected) => {
    expect(canCreateTeam(scope)).toBe(expected);
  });

  it.each([
    ["owner", "collaborative", true],
    ["owner", "controlled", true],
    ["admin", "collaborative", true],
    ["admin", "controlled", true],
    ["upviewer", "collaborative", true],
    ["upviewer", "controlled", false],
    ["uploader", "collaborative", true],
    ["uploader", "controlled", false],
    ["viewer", "collaborative", false],
    ["viewer", "controlled", false],
  ] as [Role, TeamMode, boolean][])("canCreateCollection(%s, %s) is %s", (role, mode, expected) => {
    expect(canCreateCollection(role, mode)).toBe(expected);
  });

  // role, collection mode, created by the user, expected
  const fileCases: [Role, CollectionMode, boolean, boolean][] = [];
  for (const role of ROLES) {
    for (const mode of ["owned", "collaborative"] as const) {
      for (const mine of [true, false]) {
        const expected =
          role === "owner" || role === "admin"
            ? true
            : role === "viewer"
              ? false
              : mine || mode === "collaborative";
        fileCases.push([role, mode, mine, expected]);
      }
    }
  }

  it.each(fileCases)("canCreateFile(%s, %s collection, mine: %s) is %s", (role, mode, mine, ok) => {
    for (const teamMode of [undefined, "collaborative", "controlled"] as const) {
      expect(
        canCreateFile(role, {
          teamMode,
          collectionMode: mode,
          collectionCreatedBy: mine ? "me" : "someone",
          userId: "me",
        }),
      ).toBe(ok);
    }
  });

  it.each([
    ["owner", true],
    ["admin", true],
    ["upviewer", false],
    ["uploader", false],
    ["viewer", false],
  ] as [Role, boolean][])("canMakeCollaborative(%s) is %s", (role, expected) => {
    expect(canMakeCollaborative(role)).toBe(expected);
  });
});

describe("team menu and buttons", () => {
  // role: info, rename, logo, alias, add member
  it.each([
    ["owner", true, true, true, true, true],
    ["admin", true, true, true, false, true],
    ["upviewer", true, false, false, false, false],
    ["uploader", true, false, false, false, false],
    ["viewer", true, false, false, false, false],
  ] as [Role, boolean, boolean, boolean, boolean, boolean][])(
    "%s: info %s, rename %s, logo %s, alias %s, add member %s",
    (role, info, rename, logo, alias, addMember) => {
      expect(canSeeTeamInfo(role)).toBe(info);
      expect(canRenameTeam(role)).toBe(rename);
      expect(canChangeTeamLogo(role)).toBe(logo);
      expect(canAddAlias(role)).toBe(alias);
      expect(canAddMember(role)).toBe(addMember);
    },
  );
});

describe("member menu", () => {
  const actor = (role: Role): Actor => ({ userId: "me", role });
  const member = (overrides: Partial<TargetMember> = {}): TargetMember => ({
    userId: "them",
    role: "uploader",
    status: "active",
    type: "other",
    ...overrides,
  });
  const managers: Role[] = ["owner", "admin"];
  const others: Role[] = ["upviewer", "uploader", "viewer"];
  const statuses: EffectiveMemberStatus[] = [
    "active",
    "invited",
    "pending",
    "rejected",
    "left",
    "banned",
    "disabled",
    "invitation_expired",
  ];

  it.each(ROLES)("info is open to %s", (role) => {
    expect(canSeeMemberInfo(role)).toBe(true);
  });

  describe("deactivate and change role", () => {
    it.each(managers)("%s may act on an active, non-owner other member", (role) => {
      expect(canDeactivateMember(actor(role), member())).toBe(true);
      expect(canChangeMemberRole(actor(role), member())).toBe(true);
      expect(canDeactivateMember(actor(role), member({ role: "admin" }))).toBe(true);
    });

    it.each(others)("%s may not", (role) => {
      expect(canDeactivateMember(actor(role), member())).toBe(false);
      expect(canChangeMemberRole(actor(role), member())).toBe(false);
    });

    it.each(managers)("%s may not act on self", (role) => {
      const self = member({ userId: "me", role });
      expect(canDeactivateMember(actor(role), self)).toBe(false);
      expect(canChangeMemberRole(actor(role), self)).toBe(false);
    });

    it("nobody acts on the owner", () => {
      expect(canDeactivateMember(actor("admin"), member({ role: "owner" }))).toBe(false);
      expect(canChangeMemberRole(actor("admin"), member({ role: "owner" }))).toBe(false);
    });

    it.each(statuses.filter((status) => status !== "active"))("not on a %s member", (status) => {
      expect(canDeactivateMember(actor("owner"), member({ status }))).toBe(false);
      expect(canChangeMemberRole(actor("owner"), member({ status }))).toBe(false);
    });

    it("an internal member can be deactivated but keeps the uploader role", () => {
      const internal = member({ type: "internal" });
      expect(canDeactivateMember(actor("owner"), internal)).toBe(true);
      expect(canChangeMemberRole(actor("owner"), internal)).toBe(false);
    });
  });

  describe("reactivate", () => {
    it.each(
      statuses.map((status) => [status, status === "disabled" || status === "banned"] as const),
    )("a %s member: %s", (status, expected) => {
      for (const role of managers) {
        expect(canReactivateMember(actor(role), member({ status }))).toBe(expected);
      }
      for (const role of others) {
        expect(canReactivateMember(actor(role), member({ status }))).toBe(false);
      }
    });
  });

  describe("resend invitation", () => {
    it.each(
      statuses.map(
        (status) => [status, status === "invited" || status === "invitation_expired"] as const,
      ),
    )("a %s member: %s", (status, expected) => {
      for (const role of managers) {
        expect(canResendInvitation(actor(role), member({ status }))).toBe(expected);
      }
      for (const role of others) {
        expect(canResendInvitation(actor(role), member({ status }))).toBe(false);
      }
    });
  });

  describe("reset password", () => {
    it.each(ROLES)("as %s", (role) => {
      const manages = managers.includes(role);
      expect(canResetMemberPassword(actor(role), member({ type: "internal" }))).toBe(manages);
      expect(canResetMemberPassword(actor(role), member({ type: "other" }))).toBe(false);
    });
  });

  describe("rename", () => {
    // actor role, target role, self, expected
    it.each([
      ["owner", "owner", true, true],
      ["owner", "admin", false, true],
      ["owner", "viewer", false, true],
      ["admin", "admin", true, true],
      ["admin", "uploader", false, true],
      ["admin", "admin", false, true],
      ["admin", "owner", false, false],
      ["upviewer", "upviewer", true, true],
      ["upviewer", "uploader", false, false],
      ["uploader", "uploader", true, true],
      ["uploader", "viewer", false, false],
      ["viewer", "viewer", true, true],
      ["viewer", "owner", false, false],
    ] as [Role, Role, boolean, boolean][])(
      "%s renaming a %s (self: %s): %s",
      (actorRole, targetRole, self, expected) => {
        const target = member({ role: targetRole, userId: self ? "me" : "them" });
        expect(canRenameMember(actor(actorRole), target)).toBe(expected);
      },
    );
  });

  describe("delete", () => {
    it("only the owner removes members, never self", () => {
      expect(canDeleteMember(actor("owner"), member())).toBe(true);
      expect(canDeleteMember(actor("owner"), member({ role: "admin", status: "invited" }))).toBe(
        true,
      );
      expect(canDeleteMember(actor("owner"), member({ userId: "me", role: "owner" }))).toBe(false);
      expect(canDeleteMember(actor("owner"), member({ role: "owner" }))).toBe(false);
    });

    it.each(["admin", ...others] as Role[])("%s may not remove members", (role) => {
      expect(canDeleteMember(actor(role), member())).toBe(false);
      expect(canDeleteMember(actor(role), member({ role: "viewer" }))).toBe(false);
    });
  });
});

describe("collection menu", () => {
  const actor = (role: Role): Actor => ({ userId: "me", role });

  // role, mode, created by me, expected
  it.each([
    ["owner", "owned", false, true],
    ["owner", "collaborative", false, true],
    ["admin", "owned", false, true],
    ["admin", "collaborative", false, true],
    ["upviewer", "owned", true, true],
    ["upviewer", "owned", false, false],
    ["upviewer", "collaborative", true, false],
    ["uploader", "owned", true, true],
    ["uploader", "owned", false, false],
    ["uploader", "collaborative", true, false],
    ["viewer", "owned", true, false],
    ["viewer", "collaborative", false, false],
  ] as [Role, CollectionMode, boolean, boolean][])(
    "%s renaming a %s collection (mine: %s): %s",
    (role, mode, mine, expected) => {
      const collection = { mode, createdBy: mine ? "me" : "someone" };
      expect(canRenameCollection(actor(role), collection)).toBe(expected);
    },
  );

  it.each([
    ["owned", "published", { action: "share", mode: "collaborative" }],
    ["collaborative", "published", { action: "unshare", mode: "owned" }],
    ["owned", "draft", null],
    ["collaborative", "draft", null],
  ] as [CollectionMode, CollectionStatus, unknown][])(
    "a %s %s collection's transition is %j",
    (mode, status, expected) => {
      expect(shareTransition({ mode, status })).toEqual(expected);
    },
  );

  it.each(ROLES)("share and unshare as %s", (role) => {
    const manages = role === "owner" || role === "admin";
    for (const mode of ["owned", "collaborative"] as const) {
      expect(canShareCollection(role, { mode, status: "published" })).toBe(manages);
      expect(canShareCollection(role, { mode, status: "draft" })).toBe(false);
    }
  });

  // role, mode, created by me, expected: the uploader sees only its own and collaborative ones.
  it.each([
    ["owner", "owned", false, true],
    ["admin", "owned", false, true],
    ["upviewer", "owned", false, true],
    ["viewer", "owned", false, true],
    ["uploader", "owned", false, false],
    ["uploader", "owned", true, true],
    ["uploader", "collaborative", false, true],
  ] as [Role, CollectionMode, boolean, boolean][])(
    "%s seeing a %s collection (mine: %s): %s",
    (role, mode, mine, expected) => {
      const collection = { mode, createdBy: mine ? "me" : "someone" };
      expect(canSeeCollection(actor(role), collection)).toBe(expected);
      expect(canSeeAllCollections(role)).toBe(role !== "uploader");
    },
  );

  it.each([
    ["owner", true],
    ["admin", true],
    ["upviewer", true],
    ["uploader", false],
    ["viewer", true],
  ] as [Role, boolean][])("%s downloading a collection: %s", (role, expected) => {
    expect(canDownloadCollection(role)).toBe(expected);
  });
});

describe("files", () => {
  const actor = (role: Role): Actor => ({ userId: "me", role });
  const mine = { uploadedBy: "me" };
  const theirs = { uploadedBy: "someone" };

  // role: rename mine, rename theirs, menu download mine, theirs, preview download
  it.each([
    ["owner", true, true, true, true, true],
    ["admin", true, true, true, true, true],
    ["upviewer", true, false, true, true, true],
    ["uploader", true, false, true, false, false],
    ["viewer", false, false, true, true, true],
  ] as [Role, boolean, boolean, boolean, boolean, boolean][])(
    "%s: rename own %s, others' %s; menu download own %s, others' %s; preview %s",
    (role, renameMine, renameTheirs, menuMine, menuTheirs, preview) => {
      expect(canRenameFile(actor(role), mine)).toBe(renameMine);
      expect(canRenameFile(actor(role), theirs)).toBe(renameTheirs);
      expect(canDownloadFileFromMenu(actor(role), mine)).toBe(menuMine);
      expect(canDownloadFileFromMenu(actor(role), theirs)).toBe(menuTheirs);
      expect(canDownloadFromPreview(role)).toBe(preview);
      expect(canDownloadFile(actor(role), mine)).toBe(menuMine);
      expect(canDownloadFile(actor(role), theirs)).toBe(menuTheirs);
    },
  );
});

describe("the trash", () => {
  const actor = (role: Role): Actor => ({ userId: "me", role });
  const mine = { uploadedBy: "me" };
  const theirs = { uploadedBy: "someone" };
  const myCollection = { mode: "owned" as const, createdBy: "me" };
  const sharedCollection = { mode: "collaborative" as const, createdBy: "someone" };
  const othersCollection = { mode: "owned" as const, createdBy: "someone" };

  // role: own file in own collection, own in a collaborative one, own in another's owned one,
  // another's file in own collection, another's in a collaborative one
  it.each([
    ["owner", true, true, true, true, true],
    ["admin", true, true, true, true, true],
    ["upviewer", true, true, false, false, false],
    ["uploader", true, true, false, false, false],
    ["viewer", false, false, false, false, false],
  ] as [Role, boolean, boolean, boolean, boolean, boolean][])(
    "%s deleting and restoring a file: own in own %s, own in shared %s, own in another's %s, another's in own %s, another's in shared %s",
    (role, ownOwn, ownShared, ownOthers, theirsOwn, theirsShared) => {
      for (const rule of [canDeleteFile, canRestoreFile]) {
        expect(rule(actor(role), mine, myCollection)).toBe(ownOwn);
        expect(rule(actor(role), mine, sharedCollection)).toBe(ownShared);
        expect(rule(actor(role), mine, othersCollection)).toBe(ownOthers);
        expect(rule(actor(role), theirs, myCollection)).toBe(theirsOwn);
        expect(rule(actor(role), theirs, sharedCollection)).toBe(theirsShared);
      }
    },
  );

  // role: delete and restore a collection, see the trash, see all of it, empty it
  it.each([
    ["owner", true, true, true, true],
    ["admin", true, true, true, true],
    ["upviewer", false, true, false, false],
    ["uploader", false, true, false, false],
    ["viewer", false, false, false, false],
  ] as [Role, boolean, boolean, boolean, boolean][])(
    "%s: delete and restore collections %s, see the trash %s, see all of it %s, empty it %s",
    (role, collections, see, seeAll, empty) => {
      expect(canDeleteCollection(role)).toBe(collections);
      expect(canRestoreCollection(role)).toBe(collections);
      expect(canSeeTrash(role)).toBe(see);
      expect(canSeeWholeTrash(role)).toBe(seeAll);
      expect(canEmptyTrash(role)).toBe(empty);
    },
  );
});
