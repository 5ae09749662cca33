import {
  type CSSProperties,
  cloneElement,
  createElement,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type LabelHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * Radix Themes' Flex, Text and Heading, rendered with the same classes (ADR 039). Radix builds
 * each one's classes by merging some fifty prop definitions and walking all of them on every
 * render; on the files screen that was a tenth of the server's time (ADR 039). These look only
 * at the props they are given. The classes are Radix's own, so its stylesheet styles them, and
 * the stylesheet cut (scripts/radix-css-in-use.ts) keeps the families named here.
 */

type Breakpoint = "initial" | "xs" | "sm" | "md" | "lg" | "xl";

/** A value for every screen, or one per breakpoint: `{ initial: "column", sm: "row" }`. */
export type Responsive<T extends string> = T | Partial<Record<Breakpoint, T>>;

const SPACE = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
type Space = (typeof SPACE)[number];
type Size = Exclude<Space, "0">;

/**
 * How a prop becomes classes. A value of `values` gets a class of its own (`rt-r-gap-4`); with
 * `vars`, any other value gets the family's class and sets those custom properties
 * (`rt-r-min-w`, `--min-width: 0`); without, any other value is ignored, as Radix does.
 */
export interface PropClass {
  family: string;
  values: readonly string[];
  vars?: readonly string[];
}

/** The props the app uses: a new one is a line here, with Radix's class family for it. */
export const margins: Record<string, PropClass> = {
  mt: { family: "rt-r-mt", values: SPACE, vars: ["--mt"] },
  mb: { family: "rt-r-mb", values: SPACE, vars: ["--mb"] },
  ml: { family: "rt-r-ml", values: SPACE, vars: ["--ml"] },
};

const flexProps: Record<string, PropClass> = {
  ...margins,
  p: { family: "rt-r-p", values: SPACE, vars: ["--p"] },
  direction: {
    family: "rt-r-fd",
    values: ["row", "column", "row-reverse", "column-reverse"],
  },
  align: { family: "rt-r-ai", values: ["start", "center", "end", "baseline", "stretch"] },
  justify: { family: "rt-r-jc", values: ["start", "center", "end", "between"] },
  wrap: { family: "rt-r-fw", values: ["nowrap", "wrap", "wrap-reverse"] },
  gap: { family: "rt-r-gap", values: SPACE, vars: ["--gap"] },
  minWidth: { family: "rt-r-min-w", values: [], vars: ["--min-width"] },
  maxWidth: { family: "rt-r-max-w", values: [], vars: ["--max-width"] },
  height: { family: "rt-r-h", values: [], vars: ["--height"] },
  flexGrow: { family: "rt-r-fg", values: ["0", "1"], vars: ["--flex-grow"] },
  flexShrink: { family: "rt-r-fs", values: ["0", "1"], vars: ["--flex-shrink"] },
};

const textProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: SPACE.slice(1) },
  weight: { family: "rt-r-weight", values: ["light", "regular", "medium", "bold"] },
};

/** `rt-r-gap-4`; justify's `between` is `space-between` in Radix's class, as in CSS. */
const valueClass = (prop: PropClass, value: string) =>
  `${prop.family}-${value === "between" ? "space-between" : value}`;

/** The classes and custom properties of the props `table` knows, and the other props as given. */
export function styled(
  base: string,
  table: Record<string, PropClass>,
  props: Record<string, unknown>,
) {
  const classes = [base];
  let vars: Record<string, string> | undefined;
  const rest: Record<string, unknown> = {};
  for (const name in props) {
    const value = props[name];
    const prop = table[name];
    if (!prop) {
      rest[name] = value;
      continue;
    }
    const perBreakpoint =
      typeof value === "string" ? { initial: value } : ((value ?? {}) as Record<string, string>);
    for (const breakpoint in perBreakpoint) {
      const each = perBreakpoint[breakpoint];
      if (!each) continue;
      const prefix = breakpoint === "initial" ? "" : `${breakpoint}:`;
      if (prop.values.includes(each)) classes.push(prefix + valueClass(prop, each));
      else if (prop.vars) {
        classes.push(prefix + prop.family);
        vars ??= {};
        for (const variable of prop.vars) {
          vars[breakpoint === "initial" ? variable : `${variable}-${breakpoint}`] = each;
        }
      }
    }
  }
  if (rest.className) classes.push(rest.className as string);
  rest.className = classes.join(" ");
  if (vars) rest.style = { ...vars, ...(rest.style as CSSProperties | undefined) };
  return rest;
}

/** `asChild`: the one child element gets the classes (and keeps its own), no wrapper. */
export function render(tag: string, asChild: boolean | undefined, props: Record<string, unknown>) {
  const { children, ...own } = props;
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const child = children as ReactElement<{ className?: string }>;
    const className = [own.className, child.props.className].filter(Boolean).join(" ");
    return cloneElement(child, { ...own, className });
  }
  return createElement(tag, own, children as ReactNode);
}

export interface Margins {
  mt?: Responsive<Space>;
  mb?: Responsive<Space>;
  /** A left margin: a space, or any length (`auto` pushes the element to the end of a row). */
  ml?: Responsive<string>;
}

export interface FlexProps extends Margins, HTMLAttributes<HTMLElement> {
  as?: "div" | "span" | "figcaption";
  asChild?: boolean;
  direction?: Responsive<"row" | "column" | "row-reverse" | "column-reverse">;
  align?: Responsive<"start" | "center" | "end" | "baseline" | "stretch">;
  justify?: Responsive<"start" | "center" | "end" | "between">;
  wrap?: Responsive<"nowrap" | "wrap" | "wrap-reverse">;
  gap?: Responsive<Space>;
  p?: Responsive<Space>;
  minWidth?: Responsive<string>;
  maxWidth?: Responsive<string>;
  height?: Responsive<string>;
  flexGrow?: Responsive<string>;
  flexShrink?: Responsive<string>;
}

/** A flex box: `<div class="rt-Flex rt-r-fd-column rt-r-gap-4">`. */
export function Flex({ as = "div", asChild, ...props }: FlexProps) {
  return render(as, asChild, styled("rt-Flex", flexProps, props));
}

export type AccentColor =
  | "gray"
  | "red"
  | "green"
  | "amber"
  | "blue"
  | "orange"
  | "crimson"
  | "grass"
  | "indigo";

interface TextOwnProps extends Margins {
  asChild?: boolean;
  size?: Responsive<Size>;
  weight?: Responsive<"light" | "regular" | "medium" | "bold">;
  /** Radix's accent colour for this text (`data-accent-color`). */
  color?: AccentColor;
  /** One line, cut with an ellipsis. */
  truncate?: boolean;
}

export interface TextProps extends TextOwnProps, Omit<LabelHTMLAttributes<HTMLElement>, "color"> {
  as?: "span" | "div" | "label" | "p";
}

function textLike(
  base: string,
  tag: string,
  { asChild, color, truncate, ...props }: TextOwnProps & Record<string, unknown>,
) {
  const own = styled(base, textProps, props);
  if (truncate) own.className += " rt-truncate";
  if (color) own["data-accent-color"] = color;
  return render(tag, asChild, own);
}

/** Text in Radix's type scale: `<span class="rt-Text rt-r-size-2">`. */
export function Text({ as = "span", ...props }: TextProps) {
  return textLike("rt-Text", as, props);
}

export interface HeadingProps
  extends Omit<TextOwnProps, "size">,
    Omit<HTMLAttributes<HTMLElement>, "color"> {
  as?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  /** One size, or one per breakpoint from `initial` up (without it, Radix would use 6). */
  size?: Size | ({ initial: Size } & Partial<Record<Breakpoint, Size>>);
}

/** A heading in Radix's type scale; size 6 where not told otherwise, as Radix's. */
export function Heading({ as = "h1", size = "6", ...props }: HeadingProps) {
  return textLike("rt-Heading", as, { size, ...props });
}

export interface ThemeProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * The page's own: Radix's stylesheet makes it the page's stacking context, at least the
   * viewport's height (for its background), and sets the document's colour scheme from it.
   */
  root?: boolean;
  /** A part that stays dark in either theme (the file preview); else the page's theme. */
  appearance?: "dark";
}

/**
 * Radix Themes' `<Theme>` as the element it renders (ADR 054): the class its stylesheet hangs the
 * tokens on, and the app's one choice of accent, gray, radius and scaling as the attributes its
 * rules select. Radix's component also brings a tooltip and a direction provider, six states with
 * their effects and a context, all for menus, selects and tooltips of Radix's the app does not use:
 * 2 KB of every page's JavaScript, and React's work on every render.
 */
export const Theme = forwardRef<HTMLDivElement, ThemeProps>(function Theme(
  { root = false, appearance, className, ...props },
  ref,
) {
  return (
    <div
      ref={ref}
      data-is-root-theme={root ? "true" : "false"}
      // Indigo's solid buttons keep white text above 4.5:1 in light and dark (teal does not).
      data-accent-color="indigo"
      data-gray-color="slate"
      data-has-background="true"
      data-panel-background="translucent"
      data-radius="medium"
      data-scaling="100%"
      className={["radix-themes", appearance, className].filter(Boolean).join(" ")}
      {...props}
    />
  );
});

export interface GridProps extends Margins, HTMLAttributes<HTMLDivElement> {
  /** A number of equal columns, or one per breakpoint: `{ initial: "1", sm: "3" }`. */
  columns?: Responsive<"1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9">;
  gap?: Responsive<Space>;
}

const gridProps: Record<string, PropClass> = {
  ...margins,
  columns: { family: "rt-r-gtc", values: ["1", "2", "3", "4", "5", "6", "7", "8", "9"] },
  gap: flexProps.gap as PropClass,
};

/** A grid of equal columns: `<div class="rt-Grid rt-r-gtc-1 sm:rt-r-gtc-3 rt-r-gap-4">`. */
export function Grid(props: GridProps) {
  return createElement("div", styled("rt-Grid", gridProps, { ...props }));
}

export interface CardProps extends Margins, HTMLAttributes<HTMLDivElement> {
  asChild?: boolean;
  size?: "1" | "2" | "3" | "4" | "5";
}

const cardProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3", "4", "5"] },
};

/** A panel on the page's surface; with `asChild`, the one child (a link) is the card. */
export function Card({ asChild, size = "1", ...props }: CardProps) {
  const own = styled("rt-reset rt-BaseCard rt-Card rt-variant-surface", cardProps, {
    size,
    ...props,
  });
  return render("div", asChild, own);
}

/** A decorative line across its box (size 4: the whole width). */
export function Separator({ size = "1" }: { size?: "1" | "2" | "3" | "4" }) {
  return createElement("span", {
    "data-accent-color": "gray",
    className: `rt-Separator rt-r-orientation-horizontal rt-r-size-${size}`,
  });
}
