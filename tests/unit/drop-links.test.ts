import { describe, expect, it } from "vitest";
import {
  canManageDropLinks,
  canReviewGuestFiles,
  DROP_TOKEN_PATTERN,
  dropLinkState,
  dropPath,
} from "#domain/drop-links.ts";
import { ROLES } from "#domain/roles.ts";

describe("drop links", () => {
  it("are made and reviewed by the roles that may share a collection: the owner and admins", () => {
    const managers = ROLES.filter((role) => canManageDropLinks(role));
    expect(managers).toEqual(["owner", "admin"]);
    expect(ROLES.filter((role) => canReviewGuestFiles(role))).toEqual(["owner", "admin"]);
  });

  it("take files only while active and before the deadline; revoked wins over everything", () => {
    const now = 1_000_000;
    expect(dropLinkState({ status: "active", deadlineAt: null }, now)).toBe("open");
    expect(dropLinkState({ status: "active", deadlineAt: now + 1 }, now)).toBe("open");
    expect(dropLinkState({ status: "active", deadlineAt: now }, now)).toBe("expired");
    expect(dropLinkState({ status: "paused", deadlineAt: null }, now)).toBe("paused");
    expect(dropLinkState({ status: "paused", deadlineAt: now - 1 }, now)).toBe("expired");
    expect(dropLinkState({ status: "revoked", deadlineAt: now - 1 }, now)).toBe("revoked");
  });

  it("have a short address with no team or collection in it", () => {
    const token = "A".repeat(24);
    expect(DROP_TOKEN_PATTERN.test(token)).toBe(true);
    expect(DROP_TOKEN_PATTERN.test(`${token}A`)).toBe(false);
    expect(dropPath(token)).toBe(`/d/${token}`);
  });
});
