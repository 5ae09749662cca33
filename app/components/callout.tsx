import type { HTMLAttributes } from "react";
import { type AccentColor, type Margins, margins, type PropClass, styled } from "./layout.tsx";

/**
 * Radix Themes' Callout, rendered with the same classes and attributes (ADR 057): a box of
 * messages in the accent colour, `role` saying whether it is an alert, a status or a note.
 */

export interface CalloutRootProps extends Margins, Omit<HTMLAttributes<HTMLDivElement>, "color"> {
  /** Radix's sizes 1 and 2 (both write their text at size 2; the app uses no 3). */
  size?: "1" | "2";
  variant?: "soft" | "surface" | "outline";
  color?: AccentColor;
  highContrast?: boolean;
}

const rootProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2"] },
  variant: { family: "rt-variant", values: ["soft", "surface", "outline"] },
};

function Root({ size = "2", variant = "soft", color, highContrast, ...props }: CalloutRootProps) {
  const own = styled("rt-CalloutRoot", rootProps, { size, variant, ...props });
  if (highContrast) own.className += " rt-high-contrast";
  return <div data-accent-color={color ?? ""} {...own} />;
}

/** An icon at the start of the callout. */
function Icon(props: HTMLAttributes<HTMLDivElement>) {
  return <div {...styled("rt-CalloutIcon", {}, { ...props })} />;
}

/** One message: a paragraph in Radix's type scale at size 2. */
function Text(props: HTMLAttributes<HTMLParagraphElement>) {
  return <p {...styled("rt-Text rt-r-size-2 rt-CalloutText", {}, { ...props })} />;
}

export const Callout = { Root, Icon, Text };
