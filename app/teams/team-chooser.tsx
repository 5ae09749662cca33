import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Flex, Heading } from "#app/components/layout.tsx";
import { CreateTeamDialog, CreateTeamLink } from "./create-team-dialog.tsx";
import { TeamList, type TeamPage } from "./team-list.tsx";

/**
 * The team chooser (docs/product.md#screens): the title with the create button, what the page says
 * first, the searchable list, and the create-team dialog when the address asks for it.
 */
export function TeamChooser({
  title,
  path,
  action,
  page,
  lastResult,
  children,
  after,
}: {
  title: string;
  /** The page's path: the list's links and the dialog's way back. */
  path: string;
  /** Where the create-team form posts. */
  action: string;
  page: TeamPage & { canCreate: boolean; creating: boolean };
  lastResult: SubmissionResult<string[]> | undefined;
  children?: ReactNode;
  /** What the page shows below the list (the owner's deleted teams on /teams). */
  after?: ReactNode;
}) {
  const search = page.q ? `?${new URLSearchParams({ q: page.q })}` : "";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {page.canCreate ? <CreateTeamLink path={path} q={page.q} /> : null}
      </Flex>
      {children}
      <TeamList page={page} path={path} />
      {after}
      {page.creating && page.canCreate ? (
        <CreateTeamDialog action={action} closeTo={`${path}${search}`} lastResult={lastResult} />
      ) : null}
    </Flex>
  );
}
