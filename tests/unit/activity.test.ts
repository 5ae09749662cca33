import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  activityHref,
  kindsOf,
  readActivityFilters,
} from "#app/routes/teams.$teamId.activity/activity-filters.ts";
import { whenText } from "#app/routes/teams.$teamId.activity/activity-line.tsx";
import { ACTIVITY_KIND_GROUPS, ACTIVITY_KINDS } from "#domain/activity.ts";

// The Activity screen's words and filters (ADR 091).

const root = path.resolve(import.meta.dirname, "../../app/locales");
const catalogue = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(root, language, "activity.json"), "utf8")) as {
    kinds: Record<string, string>;
    kindNames: Record<string, string>;
  };

describe("every kind reads as a sentence", () => {
  for (const language of ["en", "it"]) {
    it(`has a sentence and a filter name for each ACTIVITY_KIND in ${language}, and no others`, () => {
      const { kinds, kindNames } = catalogue(language);
      expect(Object.keys(kinds).sort()).toEqual([...ACTIVITY_KINDS].sort());
      expect(Object.keys(kindNames).sort()).toEqual([...ACTIVITY_KINDS].sort());
      for (const kind of ACTIVITY_KINDS) {
        expect(kinds[kind], kind).toMatch(/\{\{(actor|target|email|from)\}\}/);
      }
    });
  }

  it("groups every kind once", () => {
    expect(Object.values(ACTIVITY_KIND_GROUPS).flat().sort()).toEqual([...ACTIVITY_KINDS].sort());
  });
});

describe("the filters in the address", () => {
  it("keeps what the API can take and drops the rest", () => {
    const filters = readActivityFilters(
      new URLSearchParams({
        actor: " u1 ",
        kind: "fileBurned",
        from: "2026-13-45",
        to: "2026-06-01",
        cursor: "c",
      }),
    );
    expect(filters).toEqual({ actor: "u1", kind: "", from: "", to: "2026-06-01", cursor: "c" });
    expect(readActivityFilters(new URLSearchParams({ kind: "group:files" })).kind).toBe(
      "group:files",
    );
    expect(readActivityFilters(new URLSearchParams({ kind: "group:nothing" })).kind).toBe("");
  });

  it("turns a group into its kinds and writes addresses without empty values", () => {
    expect(kindsOf("group:files")).toBe(ACTIVITY_KIND_GROUPS.files.join(","));
    expect(kindsOf("fileRenamed")).toBe("fileRenamed");
    expect(kindsOf("")).toBeUndefined();
    const filters = { actor: "u1", kind: "", from: "", to: "", cursor: "old" };
    expect(activityHref("/teams/t/activity", filters)).toBe("/teams/t/activity?actor=u1");
    expect(activityHref("/teams/t/activity", filters, { cursor: "next" })).toBe(
      "/teams/t/activity?actor=u1&cursor=next",
    );
  });
});

describe("when", () => {
  const now = Date.UTC(2026, 10, 28, 12);
  it("is relative within a week, in the visitor's language", () => {
    expect(whenText(now - 3 * 60 * 60 * 1000, now, "en")).toBe("3 hours ago");
    expect(whenText(now - 3 * 60 * 60 * 1000, now, "it")).toBe("3 ore fa");
    expect(whenText(now - 24 * 60 * 60 * 1000, now, "en")).toBe("yesterday");
  });
  it("is the date and time after a week", () => {
    expect(whenText(Date.UTC(2026, 0, 5, 9), now, "en")).toMatch(/Jan 5, 2026/);
  });
});
