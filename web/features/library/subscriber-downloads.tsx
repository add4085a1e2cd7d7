// Downloads per subscriber: how many documents each one downloaded and when last, most recent first.
import type { SubscriberDownloads } from "@shared/library";
import { formatFijiDateTime } from "@/features/staff/format";
import { PagedList } from "@/features/staff/paged-list";
import { SearchField, useSearch } from "@/features/staff/search-field";
import { StaffSection } from "@/features/staff/staff-section";
import { CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { usePagedQuery } from "@/features/staff/use-pages";
import { libraryQueries } from "./api";

const TABLE: TableSpec<SubscriberDownloads> = {
  label: "Downloads per subscriber",
  caption: "Documents downloaded by each subscriber, most recent first",
  rowKey: (row) => row.email,
  columns: [
    {
      heading: "Subscriber",
      rowHeader: true,
      className: "text-left font-medium text-slate-900",
      cell: (row) => row.email,
    },
    { heading: "Downloads", className: CELL.nowrap, cell: (row) => row.downloads.toLocaleString("en-FJ") },
    {
      heading: "Last download",
      className: CELL.nowrap,
      cell: (row) => formatFijiDateTime(String(row.lastAt)),
    },
  ],
};

export function SubscriberDownloadsList() {
  const { search, setSearch, q } = useSearch();
  const paged = usePagedQuery((page) => libraryQueries.downloads({ q, ...page }), q);
  return (
    <StaffSection id="library-downloads" title="Downloads per subscriber">
      <SearchField
        id="library-downloads-search"
        label="Search subscribers"
        placeholder="E-mail address"
        value={search}
        onChange={setSearch}
      />
      <PagedList
        paged={paged}
        noun="downloads"
        emptyText={q ? "No subscriber matches." : "No downloads yet."}
        pagerLabel="Subscriber download pages"
      >
        <StaffTable spec={TABLE} rows={paged.items} stale={paged.list.isPlaceholderData} />
      </PagedList>
    </StaffSection>
  );
}
