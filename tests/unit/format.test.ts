import { describe, expect, it } from "vitest";
import {
  dateTimeFormat,
  formatDuration,
  formatFileSize,
  usageColour,
  usagePercent,
} from "#domain/format.ts";

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const TB = 1024 * GB;

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [9, "9 B"],
    [1023, "1023 B"],
    [KB, "1 KB"],
    [1.5 * KB, "1.5 KB"],
    [1.04 * KB, "1 KB"],
    [1.05 * KB, "1.1 KB"],
    [9.94 * KB, "9.9 KB"],
    [9.96 * KB, "10 KB"],
    [10 * KB, "10 KB"],
    [10.6 * KB, "11 KB"],
    [1023 * KB, "1023 KB"],
    [1023.4 * KB, "1023 KB"],
    [1023.6 * KB, "1 MB"],
    [MB - 1, "1 MB"],
    [MB, "1 MB"],
    [3 * MB, "3 MB"],
    [2.25 * MB, "2.3 MB"],
    [512 * MB, "512 MB"],
    [GB, "1 GB"],
    [5.5 * GB, "5.5 GB"],
    [TB, "1 TB"],
    [1.5 * TB, "1.5 TB"],
    [2048 * TB, "2048 TB"],
    [12.7, "13 B"],
  ])("%d bytes is %s", (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it.each([
    [1.5 * KB, "1,5 KB"],
    [2.25 * MB, "2,3 MB"],
    [KB, "1 KB"],
    [1023, "1023 B"],
    [15 * GB, "15 GB"],
  ])("%d bytes is %s in Italian", (bytes, expected) => {
    expect(formatFileSize(bytes, "it")).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("throws on %d", (bytes) => {
    expect(() => formatFileSize(bytes)).toThrow(RangeError);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [1, "0:01"],
    [499, "0:01"],
    [1_000, "0:01"],
    [1_499, "0:01"],
    [1_500, "0:02"],
    [3_000, "0:03"],
    [42_000, "0:42"],
    [59_499, "0:59"],
    [59_500, "1:00"],
    [62_000, "1:02"],
    [605_000, "10:05"],
    [3_599_000, "59:59"],
    [3_599_600, "1:00:00"],
    [3_600_000, "1:00:00"],
    [3_723_000, "1:02:03"],
    [36_000_000, "10:00:00"],
  ])("%d ms is %s", (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d", (ms) => {
    expect(() => formatDuration(ms)).toThrow(RangeError);
  });
});

describe("usagePercent", () => {
  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [150, 100, 150],
    [0, 0, 100],
    [1, 0, Number.POSITIVE_INFINITY],
  ])("%d of %d is %d %", (used, limit, expected) => {
    expect(usagePercent(used, limit)).toBe(expected);
  });

  it("is null when unlimited", () => {
    expect(usagePercent(123, -1)).toBeNull();
  });
});

describe("usageColour", () => {
  it.each([
    [0, 100, "success"],
    [69, 100, "success"],
    [69.99, 100, "success"],
    [70, 100, "warning"],
    [89.99, 100, "warning"],
    [90, 100, "error"],
    [100, 100, "error"],
    [150, 100, "error"],
    [7 * GB, 10 * GB, "warning"],
    [9 * GB, 10 * GB, "error"],
    [0, -1, "success"],
    [10 * TB, -1, "success"],
    [0, 0, "error"],
  ])("%d of %d is %s", (used, limit, expected) => {
    expect(usageColour(used, limit)).toBe(expected);
  });
});

describe("dateTimeFormat", () => {
  it("makes a format once per locale and options, and formats as Intl does", () => {
    const options = { dateStyle: "medium", timeZone: "UTC" } as const;
    const format = dateTimeFormat("it", options);
    expect(dateTimeFormat("it", { ...options })).toBe(format);
    expect(dateTimeFormat("en", options)).not.toBe(format);
    expect(format.format(Date.UTC(2026, 10, 26))).toBe(
      new Intl.DateTimeFormat("it", options).format(Date.UTC(2026, 10, 26)),
    );
  });
});
