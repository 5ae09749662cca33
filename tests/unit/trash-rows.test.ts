import { describe, expect, it } from "vitest";
import {
  kindOfField,
  questionHref,
  type TrashItemFields,
  trashFormats,
  trashQuestion,
  trashRow,
} from "#app/routes/teams.$teamId.trash/trash-rows.ts";

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
  collectionInTrash: false,
  filesCount: null,
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
      collectionInTrash: false,
      filesCount: null,
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
  it("asks its questions at its own address, and reads them back", () => {
    const purge = questionHref("/teams/t/trash", { confirm: "purge", kind: "file", id: "a/b" });
    expect(purge).toBe("/teams/t/trash?confirm=purge&kind=file&id=a%2Fb");
    expect(trashQuestion(new URL(purge, "http://x").searchParams)).toEqual({
      confirm: "purge",
      kind: "file",
      id: "a/b",
    });
    expect(trashQuestion(new URLSearchParams("confirm=empty"))).toEqual({ confirm: "empty" });
  });

  it("asks nothing for an address it cannot read", () => {
    for (const search of [
      "",
      "confirm=remove",
      "confirm=purge",
      "confirm=purge&kind=team&id=x",
      "confirm=purge&kind=file",
      "confirm=purge&kind=file&id=",
    ]) {
      expect(trashQuestion(new URLSearchParams(search)), search).toBeNull();
    }
  });

  it("takes only a file or a collection as a form's kind", () => {
    expect(kindOfField("file")).toBe("file");
    expect(kindOfField("collection")).toBe("collection");
    expect(kindOfField("team")).toBeNull();
    expect(kindOfField(null)).toBeNull();
  });
});
