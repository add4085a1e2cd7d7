// Document Portal subscribers: staff grant access by hand (bank transfers), look a subscriber up by e-mail and
// revoke access. Card and M-PAiSA subscriptions are listed too, so one place answers "can this client download?".
import { adminQueries, PAGE_SIZE } from "@/features/staff/api";
import { PagedList } from "./paged-list";
import { SearchField, useSearch } from "./search-field";
import { GrantAccessForm } from "./subscribers-grant-form";
import { SubscribersTable } from "./subscribers-table";
import { useListQuery, usePageOffset } from "./use-pages";

export function SubscribersPanel() {
  const { search, setSearch, q } = useSearch();
  const [offset, setOffset] = usePageOffset(q);
  const list = useListQuery(adminQueries.subscribers({ q, limit: PAGE_SIZE, offset }));
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="subscribers-title" className="grid gap-5">
      <h2 id="subscribers-title" className="text-xl font-semibold text-slate-900">
        Subscribers
      </h2>

      <GrantAccessForm />

      <SearchField
        id="subscriber-search"
        label="Search subscribers"
        placeholder="E-mail address"
        value={search}
        onChange={setSearch}
      />

      <PagedList
        list={list}
        count={items.length}
        total={list.data?.total}
        noun="subscribers"
        emptyText={q ? "No subscribers match your search." : "No subscribers yet."}
        pagerLabel="Subscriber pages"
        offset={offset}
        onOffsetChange={setOffset}
      >
        <SubscribersTable subscribers={items} stale={list.isPlaceholderData} />
      </PagedList>
    </section>
  );
}
