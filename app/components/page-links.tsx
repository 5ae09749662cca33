import { Link } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import type { useInfiniteList } from "./infinite-list.ts";
import { TextLink } from "./text-link.tsx";

/**
 * Under a list: back to its first page when on a later one, and the next page. Without
 * JavaScript both are plain links; with it the next page loads into the list as the link
 * scrolls into view (`moreLinkProps` from useInfiniteList).
 */
export function PageLinks({
  firstHref,
  next: { nextHref, moreLinkProps },
  labels,
}: {
  /** The list's first page, or null on the first page itself. */
  firstHref: string | null;
  /** What useInfiniteList answers for the next page. */
  next: Pick<ReturnType<typeof useInfiniteList>, "nextHref" | "moreLinkProps">;
  labels: { first: string; more: string };
}) {
  return (
    <Flex gap="3" justify="center" wrap="wrap">
      {firstHref ? (
        <TextLink asChild size="2">
          <Link to={firstHref} preventScrollReset>
            {labels.first}
          </Link>
        </TextLink>
      ) : null}
      {nextHref ? (
        <TextLink asChild size="2">
          <Link to={nextHref} preventScrollReset {...moreLinkProps}>
            {labels.more}
          </Link>
        </TextLink>
      ) : null}
    </Flex>
  );
}
