import type { AnchorHTMLAttributes, ReactElement } from "react";
import {
  type AccentColor,
  type Margins,
  margins,
  type PropClass,
  render,
  styled,
} from "./layout.tsx";

/**
 * Radix Themes' Link, rendered with the same classes and attributes (ADR 057): text in the accent
 * colour, underlined on hover (or always). With `asChild`, the one child (Remix's `<Link>`) gets
 * the classes; without, an `<a>`.
 */
export interface TextLinkProps
  extends Margins,
    Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "color"> {
  asChild?: boolean;
  size?: "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
  weight?: "light" | "regular" | "medium" | "bold";
  underline?: "auto" | "always" | "hover" | "none";
  color?: AccentColor;
  highContrast?: boolean;
  children?: ReactElement | string;
}

const linkProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3", "4", "5", "6", "7", "8", "9"] },
  weight: { family: "rt-r-weight", values: ["light", "regular", "medium", "bold"] },
  underline: { family: "rt-underline", values: ["auto", "always", "hover", "none"] },
};

export function TextLink({
  asChild,
  underline = "auto",
  color,
  highContrast,
  ...props
}: TextLinkProps) {
  const own = styled("rt-Text rt-reset rt-Link", linkProps, { underline, ...props });
  if (highContrast) own.className += " rt-high-contrast";
  own["data-accent-color"] = color ?? "";
  return render("a", asChild, own);
}
