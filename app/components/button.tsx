import { type ButtonHTMLAttributes, createElement, type ReactNode } from "react";
import {
  type AccentColor,
  type Margins,
  margins,
  type PropClass,
  render,
  styled,
} from "./layout.tsx";

/**
 * Radix Themes' Button and IconButton, rendered with the same classes and attributes (ADR 054),
 * as layout.tsx does for Flex, Text and Heading: Radix's builds its classes by merging and walking
 * some thirty prop definitions on every render, and its loading state draws its spinner through
 * its own Flex, which brought Radix's whole layout prop table to every page. These look only at
 * the props they are given; Radix's stylesheet styles them, and the stylesheet cut
 * (scripts/radix-css-in-use.ts) keeps the classes named here.
 */

type Size = "1" | "2" | "3" | "4";

export interface ButtonProps extends Margins, ButtonHTMLAttributes<HTMLButtonElement> {
  /** The one child element (a link) becomes the button, with its own props kept. */
  asChild?: boolean;
  size?: Size;
  variant?: "classic" | "solid" | "soft" | "surface" | "outline" | "ghost";
  color?: AccentColor;
  radius?: "none" | "small" | "medium" | "large" | "full";
  /** The colour at its strongest contrast (the file preview's buttons over a photo). */
  highContrast?: boolean;
  /**
   * A spinner over the label, which keeps its place and stays for screen readers; the button is
   * disabled meanwhile (unless `disabled` says otherwise).
   */
  loading?: boolean;
}

const sizeProp: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3", "4"] },
};

/** The spinner's size for the button's, as Radix maps them. */
const SPINNER_SIZE: Record<Size, string> = { "1": "1", "2": "2", "3": "2", "4": "3" };

/** Radix's VisuallyHidden: read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: "absolute",
  border: 0,
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  wordWrap: "normal",
} as const;

function baseButton(
  kind: "rt-Button" | "rt-IconButton",
  {
    asChild,
    size = "2",
    variant = "solid",
    color,
    radius,
    highContrast = false,
    loading = false,
    disabled = loading,
    className,
    children,
    ...props
  }: ButtonProps,
) {
  const own = styled("rt-reset rt-BaseButton", sizeProp, { size, ...props });
  own.className = [
    own.className,
    `rt-variant-${variant}`,
    highContrast ? "rt-high-contrast" : "",
    loading ? "rt-loading" : "",
    kind,
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return render(asChild ? "" : "button", asChild, {
    "data-disabled": disabled || undefined,
    "data-accent-color": color ?? "",
    "data-radius": radius,
    ...own,
    disabled,
    children: loading ? spinnerOver(children, SPINNER_SIZE[size]) : children,
  });
}

/** What Radix draws in a loading button: the label kept for its width, the spinner over it. */
function spinnerOver(label: ReactNode, size: string) {
  const leaves = Array.from({ length: 8 }, (_, leaf) =>
    createElement("span", { key: leaf, className: "rt-SpinnerLeaf" }),
  );
  return [
    createElement(
      "span",
      { key: "label", style: { display: "contents", visibility: "hidden" }, "aria-hidden": true },
      label,
    ),
    createElement("span", { key: "read", style: VISUALLY_HIDDEN }, label),
    createElement(
      "span",
      {
        key: "spinner",
        className: "rt-Flex rt-r-ai-center rt-r-jc-center rt-r-position-absolute rt-r-inset-0",
      },
      createElement("span", { className: `rt-Spinner rt-r-size-${size}` }, leaves),
    ),
  ];
}

/** `<button class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-Button">`. */
export function Button(props: ButtonProps) {
  return baseButton("rt-Button", props);
}

/** A square button for an icon; give it an `aria-label`. */
export function IconButton(props: ButtonProps) {
  return baseButton("rt-IconButton", props);
}
