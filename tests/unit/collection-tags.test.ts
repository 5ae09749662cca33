import { describe, expect, it } from "vitest";
import { tickedMembers } from "#app/collections/collection-tags.server.ts";
import { COLLECTION_TAGS_MAX } from "#domain/constants.ts";

function form(values: string[]) {
  const data = new FormData();
  for (const value of values) data.append("member", value);
  return data;
}

describe("the tag form's ticked members (ADR 090)", () => {
  it("answers each ticked id once, and none when nothing is ticked", () => {
    expect(tickedMembers(form(["a", "b", "a", ""]))).toEqual(["a", "b"]);
    expect(tickedMembers(form([]))).toEqual([]);
  });

  it("refuses more ticks than a collection may tag", () => {
    const ids = Array.from({ length: COLLECTION_TAGS_MAX + 1 }, (_, i) => `u${i}`);
    expect(tickedMembers(form(ids.slice(0, COLLECTION_TAGS_MAX)))).toHaveLength(
      COLLECTION_TAGS_MAX,
    );
    expect(tickedMembers(form(ids))).toBeNull();
  });
});
