// The dashboard's Library view: every document in every state, searched by title or description and filtered by
// category and publish state, a page at a time, with its actions; then the categories and the downloads per
// subscriber.
import {
  PUBLISH_STATUS_LABELS,
  PUBLISH_STATUSES,
  type PublishStatus,
  type StaffDocument,
} from "@shared/library";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FilterSelect } from "@/features/staff/filter-select";
import { formatFijiDateTime } from "@/features/staff/format";
import { PagedList } from "@/features/staff/paged-list";
import { SearchField, useSearch } from "@/features/staff/search-field";
import { StaffSection } from "@/features/staff/staff-section";
import { actionsColumn, CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { usePagedQuery } from "@/features/staff/use-pages";
import { type DocumentFilter, libraryQueries } from "./api";
import { CategoriesEditor } from "./categories-editor";
import { DocumentActions } from "./document-actions";
import { DocumentDialog } from "./document-dialog";
import { DocumentDownloadsDialog } from "./document-downloads-dialog";
import { DocumentStatus } from "./document-status";
import { SampleContentList } from "./sample-content-list";
import { SubscriberDownloadsList } from "./subscriber-downloads";

const secondLine = "block text-xs font-normal text-slate-600";

const TABLE: TableSpec<StaffDocument> = {
  label: "Documents list",
  caption: "Library documents, most recently changed first",
  rowKey: (document) => document.id,
  columns: [
    {
      heading: "Title",
      rowHeader: true,
      className: "min-w-56 text-left font-medium text-slate-900",
      cell: (document) => (
        <>
          {document.title}
          <span className={`${secondLine} break-all`}>
            {document.fileName ?? "No file"} {document.byteSize === null ? "" : `(${document.fileSize})`}
          </span>
        </>
      ),
    },
    { heading: "Category", className: CELL.text, cell: (document) => document.category?.name ?? "None" },
    {
      heading: "Status",
      className: CELL.controls,
      cell: (document) => <DocumentStatus document={document} />,
    },
    {
      heading: "Version",
      className: CELL.nowrap,
      cell: (document) => (document.currentVersion === null ? "None" : `v${document.currentVersion}`),
    },
    {
      heading: "Downloads",
      className: CELL.controls,
      cell: (document) => <DocumentDownloadsDialog document={document} />,
    },
    {
      heading: "Updated",
      className: CELL.nowrap,
      cell: (document) => formatFijiDateTime(String(document.updatedAt)),
    },
    actionsColumn((document) => <DocumentActions document={document} />),
  ],
};

const ALL = "all";
type StatusChoice = PublishStatus | typeof ALL;
const STATUS_OPTIONS: { value: StatusChoice; label: string }[] = [
  { value: ALL, label: "All states" },
  ...PUBLISH_STATUSES.map((status) => ({ value: status, label: PUBLISH_STATUS_LABELS[status] })),
];

export function LibraryPanel() {
  const { search, setSearch, q } = useSearch();
  const [category, setCategory] = useState(ALL);
  const [status, setStatus] = useState<StatusChoice>(ALL);
  const categories = useQuery(libraryQueries.categories()).data ?? [];
  const filter: DocumentFilter = {
    q,
    category: category === ALL ? undefined : Number(category),
    status: status === ALL ? undefined : status,
  };
  const paged = usePagedQuery(
    (page) => libraryQueries.documents({ ...filter, ...page }),
    JSON.stringify(filter),
  );
  const filtered = Boolean(q || filter.category || filter.status);
  const categoryOptions = [
    { value: ALL, label: "All categories" },
    ...categories.map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];
  return (
    <div className="grid gap-10">
      <StaffSection id="library" title="Library" aside={<DocumentDialog />}>
        <div className="grid gap-4">
          <SearchField
            id="library-search"
            label="Search documents"
            placeholder="Title or description"
            value={search}
            onChange={setSearch}
          />
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <FilterSelect
              id="library-category"
              label="Category"
              value={category}
              options={categoryOptions}
              onChange={setCategory}
            />
            <FilterSelect
              id="library-status"
              label="State"
              value={status}
              options={STATUS_OPTIONS}
              onChange={setStatus}
            />
          </div>
        </div>
        <PagedList
          paged={paged}
          noun="documents"
          emptyText={filtered ? "No documents match." : "No documents yet. Add the first one."}
          pagerLabel="Document pages"
        >
          <StaffTable spec={TABLE} rows={paged.items} stale={paged.list.isPlaceholderData} />
        </PagedList>
      </StaffSection>
      <CategoriesEditor />
      <SubscriberDownloadsList />
      <SampleContentList />
    </div>
  );
}
