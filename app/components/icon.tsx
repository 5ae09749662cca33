import spriteUrl from "#app/assets/icons.svg?url";
import type { IconName } from "./icon-names.ts";

export type { IconName };

/**
 * One of the app's icons: a reference into the sprite, a hashed file the browser caches for good,
 * instead of the whole drawing in every page's HTML and in the JavaScript (ADR 033). Decorative
 * unless it has a `label`, which makes it an image with that name.
 */
export function Icon({
  name,
  size = 15,
  label,
  color,
}: {
  name: IconName;
  size?: number;
  label?: string;
  color?: string;
}) {
  const meaning = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg width={size} height={size} viewBox="0 0 15 15" color={color} {...meaning}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
