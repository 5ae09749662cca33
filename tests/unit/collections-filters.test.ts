import { describe, expect, it } from "vitest";
import {
  filterParams,
  filtersHref,
  hasFilters,
  listRequest,
  readFilters,
} from "#app/collections/collections-filters.ts";
import { dateRangeError, dayEnd, dayStart, isDay, today } from "#app/filters/date-range.ts";

const read = (query: string) => readFilters(new URLSearchParams(query));

describe("collections filters", () => {
  it("reads defaults from an empty query", () => {
    const filters = read("");
    expect(filters).toEqual({
      tab: "all",
      collaborative: false,
      creator: "",
      tagged: "",
      from: "",
      to: "",
      sort: "desc",
      cursor: "",
    });
    expect(hasFilters(filters)).toBe(false);
  });

  it("reads every filter and leaves malformed ones out", () => {
    const filters = read(
      "tab=mine&collab=1&creator=u1&tagged=u2&from=2025-01-02&to=2025-02-30&sort=asc&cursor=k",
    );
    expect(filters).toMatchObject({
      tab: "mine",
      collaborative: true,
      creator: "u1",
      tagged: "u2",
      from: "2025-01-02",
      to: "",
      sort: "asc",
      cursor: "k",
    });
    expect(read("tab=nope&sort=up&collab=yes")).toMatchObject({
      tab: "all",
      sort: "desc",
      collaborative: false,
    });
  });

  it("counts tabs, the checkbox, chips and dates as filters, not the sort or the page", () => {
    expect(hasFilters(read("sort=asc&cursor=x"))).toBe(false);
    for (const query of ["tab=shared", "collab=1", "creator=a", "tagged=b", "from=2025-01-01"]) {
      expect(hasFilters(read(query)), query).toBe(true);
    }
  });

  it("builds addresses without defaults, dropping the page on any other change", () => {
    const filters = read("tab=shared&from=2025-01-01&cursor=k&sort=asc");
    expect(filtersHref("/teams/t", filters)).toBe("/teams/t?tab=shared&from=2025-01-01&sort=asc");
    expect(filtersHref("/teams/t", filters, { cursor: "n" })).toBe(
      "/teams/t?tab=shared&from=2025-01-01&sort=asc&cursor=n",
    );
    expect(filtersHref("/teams/t", filters, { tab: "all", from: "", sort: "desc" })).toBe(
      "/teams/t",
    );
    expect(filterParams(read("creator=a b")).toString()).toBe("creator=a+b");
  });

  it("checks calendar days and the range", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2025-1-01")).toBe(false);
    expect(dateRangeError("2025-03-02", "2025-03-01")).toBe("filterStartEndDateInvalid");
    expect(dateRangeError("2025-03-01", "2025-03-01")).toBeNull();
    expect(dateRangeError("2025-03-01", "")).toBeNull();
    // A day after today (the pickers' max) is refused, whichever field holds it.
    expect(dateRangeError("2025-03-02", "", "2025-03-01")).toBe("filterDateFuture");
    expect(dateRangeError("", "2025-03-02", "2025-03-01")).toBe("filterDateFuture");
    expect(dateRangeError("2025-03-01", "2025-03-01", "2025-03-01")).toBeNull();
    expect(dayEnd("2025-03-01") - dayStart("2025-03-01")).toBe(86_400_000 - 1);
    expect(today(Date.UTC(2025, 8, 15, 23, 0))).toBe("2025-09-15");
  });

  it("asks the right list: Mine is the caller as creator, Shared the shared list", () => {
    expect(listRequest(read(""), "me", 20)).toEqual({
      list: "team",
      query: { limit: 20, sort: "refDate:desc", view: "all" },
    });
    expect(listRequest(read("tab=mine&creator=other&sort=asc"), "me", 20)).toEqual({
      list: "team",
      query: { limit: 20, sort: "refDate:asc", view: "all", creator: "me" },
    });
    expect(
      listRequest(read("tab=shared&collab=1&tagged=t&cursor=k&from=2025-01-01"), "me", 20),
    ).toEqual({
      list: "shared",
      query: {
        limit: 20,
        sort: "refDate:desc",
        view: "collaborative",
        lastKey: "k",
        tagged: "t",
        from: Date.UTC(2025, 0, 1),
      },
    });
    // An impossible range is not applied, nor a future day.
    expect(listRequest(read("from=2025-02-01&to=2025-01-01"), "me", 20).query).not.toHaveProperty(
      "from",
    );
    expect(listRequest(read("from=2999-01-01"), "me", 20).query).not.toHaveProperty("from");
  });
});
