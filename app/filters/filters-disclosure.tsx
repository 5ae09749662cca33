import type { ReactNode } from "react";
import { Text } from "#app/components/layout.tsx";

/**
 * A screen's filters, folded behind their summary on a phone, which works without JavaScript;
 * wide screens show them open, through CSS (`.filters-disclosure`, ADR 027). Open from the
 * start when they hold something to read first, such as a date the filter refuses: folded, its
 * message would be hidden.
 */
export function FiltersDisclosure({
  summary,
  open,
  children,
}: {
  summary: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details className="filters-disclosure" open={open || undefined}>
      <summary>
        <Text size="2" weight="medium">
          {summary}
        </Text>
      </summary>
      {children}
    </details>
  );
}
