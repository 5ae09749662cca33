import { describe, expect, it } from "vitest";
import {
  kindOfField,
  purgeHref,
  type TrashItemFields,
  trashFormats,
  trashRow,
} from "#app/trash/trash-rows.ts";

/** The trash screen's rows (ADR 093): what each shows, written in the visitor's language. */

const DELETED = Date.UTC(2026, 10, 28, 18, 5);
const PURGE = Date.UTC(2026, 11, 28, 18, 5);

const file: TrashItemFields = {
  type: "file",
  id: "f1",
  name: "IMG_0042.jpg",
  collectionId: "c1",
  collectionName: "Holidays",
  size: 1536 * 1024,
  deletedAt: DELETED,
  purgeAt: PURGE,
  deletedBy: { userId: "u1", nickname: "Ada" },
  canRestore: true,
};

describe("trashRow", () => {
  it("writes a file's collection, size, who deleted it and when, and its purge day", () => {
    expect(trashRow(file, trashFormats("en"))).toEqual({
      kind: "file",
      id: "f1",
      name: "IMG_0042.jpg",
      collectionName: "Holidays",
      size: "1.5 MB",
      deletedBy: "Ada",
      deletedAt: "Nov 28, 2026, 6:05 PM",
      purgeOn: "December 28, 2026",
      canRestore: true,
    });
  });

  it("names no collection for a collection, and no one once its deleter has left", () => {
    const row = trashRow(
      {
        ...file,
        type: "collection",
        id: "c1",
        name: "Holidays",
        deletedBy: null,
        canRestore: false,
      },
      trashFormats("en"),
    );
    expect(row.collectionName).toBeNull();
    expect(row.deletedBy).toBeNull();
    expect(row.canRestore).toBe(false);
  });

  it("writes dates in the visitor's language, in UTC", () => {
    const row = trashRow(file, trashFormats("it"));
    expect(row.purgeOn).toBe("28 dicembre 2026");
    expect(row.deletedAt).toContain("18:05");
  });
});

describe("the trash's addresses and fields", () => {
  it("asks to delete an item forever at its own address", () => {
    expect(purgeHref("/teams/t/trash", "file", "a/b")).toBe("/teams/t/trash/files/a%2Fb/delete");
    expect(purgeHref("/teams/t/trash", "collection", "c")).toBe(
      "/teams/t/trash/collections/c/delete",
    );
  });

  it("takes only a file or a collection as a form's kind", () => {
    expect(kindOfField("file")).toBe("file");
    expect(kindOfField("collection")).toBe("collection");
    expect(kindOfField("team")).toBeNull();
    expect(kindOfField(null)).toBeNull();
  });
});
