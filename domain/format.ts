// Display helpers: file sizes, video durations and usage colours (docs/product.md#display).

import {
  type StatusColour,
  UNLIMITED,
  USAGE_ERROR_PERCENT,
  USAGE_WARNING_PERCENT,
} from "./constants.ts";

export const FILE_SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * A byte count in B, KB, MB, GB or TB (base 1024). Values of 10 or more have no decimals,
 * smaller ones one decimal, dropped when zero ("1 KB", "1.5 KB"). Bytes are always whole.
 * The decimal separator follows the locale ("1,5 KB" in Italian). Throws on a negative or
 * non-finite count.
 */
export function formatFileSize(bytes: number, locale = "en"): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new RangeError(`Not a byte count: ${bytes}`);
  }
  const last = FILE_SIZE_UNITS.length - 1;
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < last) {
    value /= 1024;
    unit += 1;
  }
  let decimals = unit === 0 || value >= 10 ? 0 : 1;
  let rounded = roundTo(value, decimals);
  // 1023.7 KB would round to "1024 KB": show it as the next unit instead.
  if (rounded >= 1024 && unit < last) {
    value /= 1024;
    unit += 1;
    decimals = 1;
    rounded = roundTo(value, decimals);
  }
  // 9.96 rounds to 10.0, shown without decimals like any value of 10 or more.
  return `${sizeNumberFormat(locale, decimals).format(rounded)} ${FILE_SIZE_UNITS[unit]}`;
}

function sizeNumberFormat(locale: string, decimals: number) {
  return keptFormat(
    `number ${locale} ${decimals}`,
    () =>
      new Intl.NumberFormat(locale, {
        maximumFractionDigits: decimals,
        minimumFractionDigits: 0,
        useGrouping: false,
      }),
  );
}

/**
 * A video's length as players write it: "0:42", "12:05", and with hours from one hour on,
 * "1:02:03". Whole seconds, rounded; a video shorter than half a second still shows "0:01", so a
 * badge never says a video lasts nothing. Throws on a negative or non-finite length.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Not a duration: ${ms}`);
  const total = ms === 0 ? 0 : Math.max(1, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * A date format for `locale` with `options`, made once and kept: lists format a date per row, and
 * Intl formats are costly to make (docs/performance.md#server-throughput).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  return keptFormat(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** A number format for `locale` with `options`, made once and kept, as dateTimeFormat. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions) {
  return keptFormat(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** Intl formats by key: a bounded map, for the few locales the app speaks, whatever a caller passes. */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function keptFormat<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => Format,
): Format {
  const kept = formats.get(key) as Format | undefined;
  if (kept) return kept;
  const format = make();
  if (formats.size < 64) formats.set(key, format);
  return format;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Percentage of a limit in use, or null when the limit is unlimited (-1). */
export function usagePercent(usedBytes: number, limitBytes: number): number | null {
  if (limitBytes === UNLIMITED) return null;
  if (limitBytes <= 0) return usedBytes > 0 ? Number.POSITIVE_INFINITY : 100;
  return (usedBytes / limitBytes) * 100;
}

/**
 * Usage ring colour: below 70 % success, below 90 % warning, otherwise error. An unlimited
 * plan (-1) is always success; a zero limit counts as full.
 */
export function usageColour(usedBytes: number, limitBytes: number): StatusColour {
  const percent = usagePercent(usedBytes, limitBytes);
  if (percent === null || percent < USAGE_WARNING_PERCENT) return "success";
  return percent < USAGE_ERROR_PERCENT ? "warning" : "error";
}
