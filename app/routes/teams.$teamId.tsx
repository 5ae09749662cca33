import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { useRemembersUploads } from "#app/services/remembered-uploads.ts";
import { requireTeam } from "#app/services/team-route.server.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/**
 * The frame of everything inside a team, by id or alias: it loads the team once for the header,
 * the dialogs and the screens below (the team's home in teams.$teamId._home, a collection's files
 * in teams.$teamId.collections.$collectionId). A 4xx loading the team goes to /404
 * (docs/product.md#client-messages): a team you are not in does not exist for you.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  return data({ team, base } satisfies TeamRouteData, { headers: auth.headers });
}

/**
 * Loaded only in a browser that remembers unfinished uploads (ADR 104), with the upload panel:
 * a chunk of its own, which the build would merge into this route's if it were small.
 */
const InterruptedUploadsNotice = lazy(() =>
  import("#app/files/upload-panel.tsx").then((panel) => ({
    default: panel.InterruptedUploadsNotice,
  })),
);

export default function TeamFrame() {
  const { team } = useLoaderData<typeof loader>();
  const remembers = useRemembersUploads();
  return (
    <>
      {remembers ? (
        <Suspense fallback={null}>
          <InterruptedUploadsNotice teamId={team.teamId} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.team.name);

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
