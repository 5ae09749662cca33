import type { HTMLAttributes } from "react";
import { type AccentColor, type Margins, margins, type PropClass, styled } from "./layout.tsx";

/** Radix Themes' Badge, rendered with the same classes and attributes (ADR 057). */
export interface BadgeProps extends Margins, Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  size?: "1" | "2" | "3";
  variant?: "solid" | "soft" | "surface" | "outline";
  color?: AccentColor;
  radius?: "none" | "small" | "medium" | "large" | "full";
}

const badgeProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3"] },
  variant: { family: "rt-variant", values: ["solid", "soft", "surface", "outline"] },
};

/** A short label: `<span class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">`. */
export function Badge({ size = "1", variant = "soft", color, radius, ...props }: BadgeProps) {
  const own = styled("rt-reset rt-Badge", badgeProps, { size, variant, ...props });
  return <span data-accent-color={color ?? ""} data-radius={radius} {...own} />;
}
