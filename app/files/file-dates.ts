/**
 * Dates of files as the files screen and the preview write them: in UTC, the same for every
 * visitor. Both format them on the server: a phone's first date format is a 100 ms task while
 * the page hydrates.
 */
export const FILE_DATE_STYLE = {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
} as const;
