/**
 * The icons the app draws, each a symbol of the sprite `app/assets/icons.svg` (ADR 033), named as
 * Radix's icon set names it in kebab case ("cross-2" is Cross2Icon). Adding one: name it here and
 * run `node --import tsx scripts/icon-sprite.ts`.
 */
export const iconNames = [
  "archive",
  "arrow-down",
  "arrow-left",
  "arrow-up",
  "check-circled",
  "chevron-left",
  "chevron-right",
  "clock",
  "cross-2",
  "cross-circled",
  "download",
  "eye-open",
  "file",
  "file-text",
  "image",
  "info-circled",
  "moon",
  "pause",
  "pencil-2",
  "person",
  "play",
  "reload",
  "speaker-loud",
  "stack",
  "star-filled",
  "sun",
  "target",
  "trash",
  "triangle-down",
  "triangle-up",
  "upload",
  "video",
] as const;

export type IconName = (typeof iconNames)[number];
