import { Await, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { Suspense, useMemo, useState } from "react";
import { type CollectionFilters, filterParams } from "#app/collections/collections-filters.ts";
import type { CollectionListPage } from "#app/collections/collections-page.server.ts";
import { Flex } from "#app/components/layout.tsx";
import type { Member } from "#app/services/api/members.server.ts";
import { LOADING_BANNER_MIN_MS } from "#domain/constants.ts";
import { canCreateCollection, type Role, type TeamMode } from "#domain/roles.ts";
import { CollectionsFilterForm } from "./collections-filter-form.tsx";
import { CollectionsHeader } from "./collections-header.tsx";
import { CollectionList, ListError } from "./collections-list.tsx";
import { CollectionsTabs } from "./collections-tabs.tsx";
import { FilterChips } from "./filter-chips.tsx";
import { LoadingBanner, Pending, useMinimumVisible } from "./loading-banner.tsx";

export interface CollectionsScreenData {
  collections: { streamed: CollectionListPage | Promise<CollectionListPage> };
  filters: CollectionFilters;
  me: string;
  /** Today (UTC, YYYY-MM-DD): the pickers offer no later day. */
  today: string;
  /** Members to choose creator and tagged chips from. */
  people: Pick<Member, "userId" | "nickname">[];
}

/**
 * The collections screen of a team (docs/product.md#screens): title (which clears the filters),
 * refresh, All / Mine / Shared, date filter, collaborative view, creator and tagged chips, sort
 * order and the list, 20 at a time. Every filter is in the address; the controls are links and one
 * GET form.
 */
export function CollectionsScreen({
  data,
  base,
  role,
  teamMode,
}: {
  data: CollectionsScreenData;
  base: string;
  role: Role;
  teamMode: TeamMode;
}) {
  const { filters, people, today } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [streaming, setStreaming] = useState(false);
  // Dialogs come back to the same filters.
  const query = filterParams(filters).toString();
  const search = query ? `?${query}` : "";
  const reloading =
    (navigation.state === "loading" && navigation.location.pathname === location.pathname) ||
    revalidator.state === "loading";
  const banner = useMinimumVisible(reloading || streaming, LOADING_BANNER_MIN_MS);
  const mayCreate = canCreateCollection(role, teamMode);

  // Memoised: updates around it (hydration, the banner) must not reach a Suspense boundary that
  // is still hydrating streamed rows, or React renders it again from scratch (error 421).
  const streamed = data.collections.streamed;
  const me = data.me;
  const list = useMemo(
    () => (
      <Suspense fallback={<Pending onPending={setStreaming} />}>
        <Await resolve={streamed} errorElement={<ListError />}>
          {(page) => (
            <CollectionList
              page={page}
              base={base}
              search={search}
              filters={filters}
              actor={{ userId: me, role }}
              mayCreate={mayCreate}
            />
          )}
        </Await>
      </Suspense>
    ),
    [streamed, base, search, filters, me, role, mayCreate],
  );

  return (
    <section aria-labelledby="collections-heading">
      <Flex direction="column" gap="3">
        <CollectionsHeader base={base} filters={filters} search={search} />
        <CollectionsTabs base={base} filters={filters} />
        <CollectionsFilterForm base={base} filters={filters} people={people} today={today} />
        <FilterChips base={base} filters={filters} people={people} />
        {banner && !streaming ? <LoadingBanner /> : null}
        {list}
      </Flex>
    </section>
  );
}
