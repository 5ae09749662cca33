import type { HTMLAttributes } from "react";
import { type AccentColor, type Margins, margins, type PropClass, styled } from "./layout.tsx";

/** Radix Themes' Badge, rendered with the same classes and attributes (ADR 057). */
export interface BadgeProps extends Margins, Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  size?: "1" | "2" | "3";
  variant?: "solid" | "soft" | "surface" | "outline";
  color?: AccentColor;
  radius?: "none" | "small" | "medium" | "large" | "full";
  /** The scale's darkest text: for a colour whose usual text is too light on its background. */
  highContrast?: boolean;
}

const badgeProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3"] },
  variant: { family: "rt-variant", values: ["solid", "soft", "surface", "outline"] },
};

/** A short label: `<span class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">`. */
export function Badge({
  size = "1",
  variant = "soft",
  color,
  radius,
  highContrast,
  ...props
}: BadgeProps) {
  const own = styled("rt-reset rt-Badge", badgeProps, { size, variant, ...props });
  if (highContrast) own.className += " rt-high-contrast";
  return <span data-accent-color={color ?? ""} data-radius={radius} {...own} />;
}
