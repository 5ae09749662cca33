import {
  ArrowDownIcon,
  ArrowUpIcon,
  Cross2Icon,
  DotsHorizontalIcon,
  Pencil2Icon,
  ReloadIcon,
} from "@radix-ui/react-icons";
import {
  Badge,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Text,
} from "@radix-ui/themes";
import { Await, Form, Link, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { type ChangeEvent, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Collection } from "#app/services/api/collections.server.ts";
import type { Member } from "#app/services/api/members.server.ts";
import type { CollectionListPage } from "#app/services/collection-page.server.ts";
import { LOADING_BANNER_MIN_MS } from "#domain/constants.ts";
import {
  type Actor,
  canCreateCollection,
  canRenameCollection,
  canShareCollection,
  type Role,
  shareTransition,
  type TeamMode,
} from "#domain/roles.ts";
import {
  type CollectionFilters,
  type CollectionsTab,
  filterParams,
  filtersHref,
  hasFilters,
} from "./collections-filters.ts";
import { DateFilter } from "./date-filter.tsx";
import { useMessage } from "./forms.tsx";
import { useHydrated } from "./hydrated.ts";
import { useInfiniteList } from "./infinite-list.ts";
import { useMenuClosesOnNavigation } from "./menu.ts";

export interface CollectionsScreenData {
  collections: { streamed: CollectionListPage | Promise<CollectionListPage> };
  filters: CollectionFilters;
  me: string;
  /** Today (UTC, YYYY-MM-DD): the pickers offer no later day. */
  today: string;
  /** Members to choose creator and tagged chips from. */
  people: Pick<Member, "userId" | "nickname">[];
}

/** Shows `active` at once and keeps it on at least `minimumMs` (the loading banner's rule). */
function useMinimumVisible(active: boolean, minimumMs: number) {
  const [shown, setShown] = useState(active);
  const since = useRef(0);
  useEffect(() => {
    if (active) {
      since.current = Date.now();
      setShown(true);
      return;
    }
    const left = since.current + minimumMs - Date.now();
    if (left <= 0) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(false), left);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);
  return shown;
}

function LoadingBanner() {
  const { t } = useTranslation("collections");
  return (
    <Callout.Root color="gray" size="1" className="collections-loading" aria-live="polite">
      <Callout.Icon>
        <ReloadIcon aria-hidden />
      </Callout.Icon>
      <Callout.Text>{t("loading")}</Callout.Text>
    </Callout.Root>
  );
}

/** The Suspense fallback: the banner, and it tells the screen a list is on its way. */
function Pending({ onPending }: { onPending: (pending: boolean) => void }) {
  useEffect(() => {
    onPending(true);
    return () => onPending(false);
  }, [onPending]);
  return <LoadingBanner />;
}

function ListError() {
  const message = useMessage();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{message("errors.generic")}</Callout.Text>
    </Callout.Root>
  );
}

/** Submits the control's GET form at once (with JavaScript; without it, the Apply button). */
function submitOnChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

/**
 * The collections screen of a team (spec section 2): title (which clears the filters), refresh,
 * All / Mine / Shared, date filter, collaborative view, creator and tagged chips, sort order and
 * the list, 20 at a time. Every filter is in the address; the controls are links and one GET form.
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
  const { t } = useTranslation("collections");
  const hydrated = useHydrated();
  const { filters, people, today } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [streaming, setStreaming] = useState(false);
  const href = (changes: Partial<CollectionFilters> = {}) => filtersHref(base, filters, changes);
  // Dialogs come back to the same filters.
  const query = filterParams(filters).toString();
  const search = query ? `?${query}` : "";
  const reloading =
    (navigation.state === "loading" && navigation.location.pathname === location.pathname) ||
    revalidator.state === "loading";
  const banner = useMinimumVisible(reloading || streaming, LOADING_BANNER_MIN_MS);
  const filtered = hasFilters(filters);
  const mayCreate = canCreateCollection(role, teamMode);
  const nameOf = (userId: string) =>
    people.find((person) => person.userId === userId)?.nickname ?? userId;
  const tabs: { tab: CollectionsTab; label: string }[] = [
    { tab: "all", label: t("tabs.all") },
    { tab: "mine", label: t("tabs.mine") },
    { tab: "shared", label: t("tabs.shared") },
  ];

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
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="5" id="collections-heading">
            <Link
              to={base}
              preventScrollReset
              className="plain-link"
              title={filtered ? t("clearFilters") : undefined}
            >
              {t("title")}
            </Link>
          </Heading>
          <Flex gap="3" align="center">
            <RadixLink asChild size="2">
              <Link
                to={href({ sort: filters.sort === "asc" ? "desc" : "asc" })}
                preventScrollReset
                aria-label={filters.sort === "asc" ? t("sort.toNewest") : t("sort.toOldest")}
              >
                <Flex align="center" gap="1" asChild>
                  <span>
                    {filters.sort === "asc" ? (
                      <ArrowUpIcon aria-hidden />
                    ) : (
                      <ArrowDownIcon aria-hidden />
                    )}
                    {filters.sort === "asc" ? t("sort.oldest") : t("sort.newest")}
                  </span>
                </Flex>
              </Link>
            </RadixLink>
            <IconButton asChild variant="ghost" color="gray">
              <Link
                to={`${base}${search}`}
                preventScrollReset
                replace
                aria-label={t("refresh")}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  revalidator.revalidate();
                }}
              >
                <ReloadIcon aria-hidden />
              </Link>
            </IconButton>
          </Flex>
        </Flex>

        <nav className="link-tabs" aria-label={t("tabs.label")}>
          {tabs.map(({ tab, label }) => (
            <Link
              key={tab}
              to={href({ tab, ...(tab === "mine" ? { creator: "" } : {}) })}
              preventScrollReset
              aria-current={filters.tab === tab ? "page" : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>

        <Form method="get" action={base} preventScrollReset className="collections-filters">
          {filters.tab !== "all" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
          {filters.sort === "asc" ? <input type="hidden" name="sort" value="asc" /> : null}
          <Flex direction="column" gap="3">
            <DateFilter
              from={filters.from}
              to={filters.to}
              max={today}
              clearHref={href({ from: "", to: "" })}
            />
            <Flex gap="4" align="end" wrap="wrap">
              <Text as="label" size="2" className="choice">
                <input
                  type="checkbox"
                  name="collab"
                  value="1"
                  defaultChecked={filters.collaborative}
                  key={String(filters.collaborative)}
                  onChange={submitOnChange}
                />
                <span>{t("collaborativeView")}</span>
              </Text>
              {filters.tab === "mine" ? null : (
                <PersonSelect
                  name="creator"
                  label={t("chips.chooseCreator")}
                  value={filters.creator}
                  people={people}
                />
              )}
              <PersonSelect
                name="tagged"
                label={t("chips.chooseTagged")}
                value={filters.tagged}
                people={people}
              />
              {hydrated ? null : (
                <Button type="submit" variant="soft">
                  {t("apply")}
                </Button>
              )}
            </Flex>
          </Flex>
        </Form>

        {filters.creator && filters.tab !== "mine" ? (
          <Chip
            label={t("chips.creator", { name: nameOf(filters.creator) })}
            removeLabel={t("chips.removeCreator")}
            removeTo={href({ creator: "" })}
          />
        ) : null}
        {filters.tagged ? (
          <Chip
            label={t("chips.tagged", { name: nameOf(filters.tagged) })}
            removeLabel={t("chips.removeTagged")}
            removeTo={href({ tagged: "" })}
          />
        ) : null}

        {banner && !streaming ? <LoadingBanner /> : null}
        {list}
      </Flex>
    </section>
  );
}

function PersonSelect({
  name,
  label,
  value,
  people,
}: {
  name: string;
  label: string;
  value: string;
  people: Pick<Member, "userId" | "nickname">[];
}) {
  const { t } = useTranslation("collections");
  const id = `collections-${name}`;
  const known = people.some((person) => person.userId === value);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="1" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        name={name}
        className="native-select"
        defaultValue={value}
        key={value}
        onChange={submitOnChange}
      >
        <option value="">{t("chips.anyone")}</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {people.map((person) => (
          <option key={person.userId} value={person.userId}>
            {person.nickname}
          </option>
        ))}
      </select>
    </Flex>
  );
}

function Chip({
  label,
  removeLabel,
  removeTo,
}: {
  label: string;
  removeLabel: string;
  removeTo: string;
}) {
  return (
    <Flex>
      <Badge size="2" radius="full" variant="soft">
        <Flex align="center" gap="2">
          <span>{label}</span>
          <Link to={removeTo} preventScrollReset aria-label={removeLabel} className="chip-remove">
            <Cross2Icon aria-hidden />
          </Link>
        </Flex>
      </Badge>
    </Flex>
  );
}

function CollectionList({
  page,
  base,
  search,
  filters,
  actor,
  mayCreate,
}: {
  page: CollectionListPage;
  base: string;
  search: string;
  filters: CollectionFilters;
  actor: Actor;
  mayCreate: boolean;
}) {
  const { t } = useTranslation("collections");
  const message = useMessage();
  const filtered = hasFilters(filters);
  const {
    items: collections,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.collections, lastKey: page.lastKey }), [page]),
    hrefFor: (lastKey) => filtersHref(base, filters, { cursor: lastKey }),
    loadHrefFor: (lastKey) => filtersHref(`${base}/collections-page`, filters, { cursor: lastKey }),
    pageOf: pageOfCollections,
    keyOf: collectionKey,
  });
  const createButton = (
    <Button asChild>
      <Link to={`${base}/new-collection${search}`} preventScrollReset>
        {t("create")}
      </Link>
    </Button>
  );

  if (page.errorCode) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message(`errors.${page.errorCode}`)}</Callout.Text>
        <Callout.Text>
          <Link to={base}>{t("clearFilters")}</Link>
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (collections.length === 0) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Text as="p" color="gray">
            {filtered ? t("empty.filtered") : t("empty.none")}
          </Text>
          {filtered ? (
            <RadixLink asChild size="2">
              <Link to={base} preventScrollReset>
                {t("clearFilters")}
              </Link>
            </RadixLink>
          ) : mayCreate ? (
            createButton
          ) : null}
        </Flex>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <ul className="plain-list collection-list" aria-label={t("listLabel")}>
        {collections.map((collection) => (
          <CollectionRow
            key={collection.collectionId}
            collection={collection}
            base={base}
            search={search}
            actor={actor}
          />
        ))}
      </ul>
      <Flex gap="3" justify="center" wrap="wrap">
        {filters.cursor ? (
          <RadixLink asChild size="2">
            <Link to={filtersHref(base, filters)} preventScrollReset>
              {t("firstPage")}
            </Link>
          </RadixLink>
        ) : null}
        {nextHref ? (
          <RadixLink asChild size="2">
            <Link to={nextHref} preventScrollReset {...moreLinkProps}>
              {t("loadMore")}
            </Link>
          </RadixLink>
        ) : null}
      </Flex>
      {!filtered && mayCreate ? <Flex justify="center">{createButton}</Flex> : null}
    </Flex>
  );
}

const pageOfCollections = ({ page }: { page: CollectionListPage }) => ({
  items: page.collections,
  lastKey: page.lastKey,
});
const collectionKey = (collection: Collection) => collection.collectionId;

function CollectionRow({
  collection,
  base,
  search,
  actor,
}: {
  collection: Collection;
  base: string;
  search: string;
  actor: Actor;
}) {
  const { t, i18n } = useTranslation("collections");
  const menu = useMenuClosesOnNavigation();
  const unread = collection.readAt === null;
  const id = encodeURIComponent(collection.collectionId);
  const updated = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeZone: "UTC",
  }).format(collection.updatedAt);
  const mayRename = canRenameCollection(actor, collection);
  const transition = canShareCollection(actor.role, collection)
    ? shareTransition(collection)
    : null;
  return (
    <li className="collection-row" data-unread={unread || undefined}>
      <Link to={`${base}/collections/${id}`} className="collection-link">
        <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
          <Flex align="center" gap="2" minWidth="0">
            {collection.status === "draft" ? (
              <Pencil2Icon aria-label={t("row.draft")} role="img" />
            ) : null}
            <Text size="3" weight={unread ? "bold" : "regular"} truncate>
              {collection.name}
            </Text>
            {unread ? (
              <Badge size="1" color="blue">
                {t("row.unread")}
              </Badge>
            ) : null}
            {collection.mode === "collaborative" ? (
              <Badge size="1" color="gray">
                {t("row.collaborative")}
              </Badge>
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            {t("row.meta", {
              creator: collection.creator?.nickname ?? t("row.formerMember"),
              date: updated,
            })}
            {" · "}
            {t("row.files", { count: collection.filesCount })}
          </Text>
        </Flex>
      </Link>
      {mayRename || transition ? (
        <details className="menu" ref={menu}>
          <summary aria-label={t("row.actions", { name: collection.name })}>
            <DotsHorizontalIcon aria-hidden />
          </summary>
          <Flex direction="column" gap="2" className="menu-panel">
            {mayRename ? (
              <RadixLink asChild size="2">
                <Link to={`${base}/rename-collection/${id}${search}`} preventScrollReset>
                  {t("row.rename")}
                </Link>
              </RadixLink>
            ) : null}
            {transition ? (
              <RadixLink asChild size="2">
                <Link to={`${base}/share-collection/${id}${search}`} preventScrollReset>
                  {transition.action === "share" ? t("row.share") : t("row.unshare")}
                </Link>
              </RadixLink>
            ) : null}
          </Flex>
        </details>
      ) : null}
    </li>
  );
}
