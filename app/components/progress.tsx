import type { AccentColor } from "./layout.tsx";

/**
 * Radix Themes' Progress, rendered with the same elements and attributes (ADR 057): a bar whose
 * indicator Radix's stylesheet moves by `--progress-value`, or, with no value, slides back and
 * forth every `duration`.
 */
export interface ProgressProps {
  /** Per cent done; without it, the bar says work is going on, not how much. */
  value?: number;
  /** The indeterminate bar's cycle, as a CSS time. */
  duration?: string;
  color?: AccentColor;
  "aria-label"?: string;
}

export function Progress({ value, duration, color, "aria-label": label }: ProgressProps) {
  const known = typeof value === "number";
  const state = !known ? "indeterminate" : value >= 100 ? "complete" : "loading";
  const data = { "data-state": state, "data-value": known ? value : undefined, "data-max": 100 };
  return (
    <div
      aria-valuemax={100}
      aria-valuemin={0}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={known ? `${Math.round(value)}%` : undefined}
      role="progressbar"
      {...data}
      data-accent-color={color}
      className="rt-ProgressRoot rt-r-size-2 rt-variant-surface"
      style={
        (known ? { "--progress-value": value } : { "--progress-duration": duration }) as object
      }
      aria-label={label}
    >
      <div {...data} className="rt-ProgressIndicator" />
    </div>
  );
}
