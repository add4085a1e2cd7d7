// Who downloaded a document, newest first, a page at a time: opened from the count in the Library table's
// Downloads column.
import type { StaffDocument } from "@shared/library";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { formatFijiDateTime } from "@/features/staff/format";
import { PagedList } from "@/features/staff/paged-list";
import { CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { usePagedQuery } from "@/features/staff/use-pages";
import { type DocumentDownload, libraryQueries } from "./api";

const TABLE: TableSpec<DocumentDownload> = {
  label: "Recent downloads",
  caption: "Downloads of this document, newest first",
  rowKey: (row) => `${row.email}-${String(row.at)}`,
  columns: [
    {
      heading: "Subscriber",
      rowHeader: true,
      className: "font-medium text-slate-900",
      cell: (row) => row.email,
    },
    {
      heading: "Version",
      className: CELL.nowrap,
      cell: (row) => (row.version === null ? "–" : `v${row.version}`),
    },
    { heading: "When", className: CELL.nowrap, cell: (row) => formatFijiDateTime(String(row.at)) },
  ],
};

function DownloadsList({ document }: { document: StaffDocument }) {
  const paged = usePagedQuery((page) => libraryQueries.documentDownloads(document.id, page), document.id);
  return (
    <PagedList
      paged={paged}
      noun="downloads"
      emptyText="Nobody has downloaded it yet."
      pagerLabel="Download pages"
    >
      <StaffTable spec={TABLE} rows={paged.items} stale={paged.list.isPlaceholderData} />
    </PagedList>
  );
}

export function DocumentDownloadsDialog({ document }: { document: StaffDocument }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="ghost">
          <span className="sr-only">Downloads of {document.title}: </span>
          {document.downloadCount.toLocaleString("en-FJ")}
        </Button>
      }
      title="Downloads"
      description={`${document.title}: every download by a subscriber, newest first (Fiji time).`}
      content={{ className: "max-w-2xl" }}
    >
      {open && <DownloadsList document={document} />}
      <DialogActions closeLabel="Done">{null}</DialogActions>
    </DialogFrame>
  );
}
