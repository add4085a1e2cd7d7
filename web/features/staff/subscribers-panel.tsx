// Document Portal subscribers: staff grant access by hand (bank transfers), look a subscriber up by e-mail and
// revoke access. Card and M-PAiSA subscriptions are listed too, so one place answers "can this client download?".
import { adminQueries } from "@/features/staff/api";
import { PagedList } from "./paged-list";
import { SearchField, useSearch } from "./search-field";
import { StaffSection } from "./staff-section";
import { GrantAccessForm } from "./subscribers-grant-form";
import { SubscribersTable } from "./subscribers-table";
import { usePagedQuery } from "./use-pages";

export function SubscribersPanel() {
  const { search, setSearch, q } = useSearch();
  const paged = usePagedQuery((page) => adminQueries.subscribers({ q, ...page }), q);
  return (
    <StaffSection id="subscribers" title="Subscribers">
      <GrantAccessForm />
      <SearchField
        id="subscriber-search"
        label="Search subscribers"
        placeholder="E-mail address or name"
        value={search}
        onChange={setSearch}
      />
      <PagedList
        paged={paged}
        noun="subscribers"
        emptyText={q ? "No subscribers match your search." : "No subscribers yet."}
        pagerLabel="Subscriber pages"
      >
        <SubscribersTable subscribers={paged.items} stale={paged.list.isPlaceholderData} />
      </PagedList>
    </StaffSection>
  );
}
