// The dashboard's "Backups" view (owners only; the server checks every call too): the archives kept (newest first,
// each downloadable for a copy away from this server), where they are kept (the real folder or store), "Back up now",
// and how to restore one. A download asks for a second factor first unless one was given in the last 10 minutes
// (ADR 051).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import { PendingButton } from "@/components/ui/pending-button";
import { toastFailure } from "@/features/staff/failure-toast";
import { formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { actionsColumn, CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { ensureRecentSecondFactor } from "@/features/staff/step-up-dialog";
import { toast } from "@/lib/use-toast";
import { type BackupListWire, type BackupWire, backupApi, backupDownloadUrl, backupQueries } from "./api";
import { RestoreSteps } from "./restore-steps";

/** "8.4 MB", "512 KB". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const backupsTable: TableSpec<BackupWire> = {
  label: "Backups list",
  caption: "Backups kept, newest first",
  rowKey: (row) => row.name,
  columns: [
    {
      heading: "Made",
      rowHeader: true,
      className: CELL.strong,
      cell: (row) => formatFijiDateTime(row.createdAt),
    },
    { heading: "Size", className: CELL.nowrap, cell: (row) => formatSize(row.byteSize) },
    { heading: "File", className: CELL.text, cell: (row) => row.name },
    actionsColumn((row) => (
      <a
        href={backupDownloadUrl(row.name)}
        download
        onClick={(event) => {
          event.preventDefault();
          void downloadAfterStepUp(backupDownloadUrl(row.name));
        }}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <IconLabel icon={Download} detail={` the backup of ${formatFijiDateTime(row.createdAt)}`}>
          Download
        </IconLabel>
      </a>
    )),
  ],
};

/** The archive streams to disk through a plain link, once the session's second factor is recent. */
async function downloadAfterStepUp(url: string) {
  try {
    if (!(await ensureRecentSecondFactor())) return;
  } catch (error) {
    toastFailure("The backup could not be downloaded", error);
    return;
  }
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.click();
}

function whereKept(list: BackupListWire): string {
  const where =
    list.location === "store"
      ? `in the file store (S3) at ${list.where}`
      : `in the folder ${list.where} on this server`;
  const what =
    list.database === "pglite"
      ? "Each backup holds the database and every uploaded file."
      : "Each backup holds the uploaded files; the database is PostgreSQL's, backed up by pg_dump or your provider.";
  return `${what} A backup is made every day by itself; the newest ${list.kept} are kept ${where}. Download one now and then to keep a copy away from this server.`;
}

export function BackupsPanel() {
  const queryClient = useQueryClient();
  const list = useQuery(backupQueries.list());
  const backUp = useMutation({
    mutationFn: backupApi.backUpNow,
    onSuccess: async (made) => {
      toast({
        title: "Backup made",
        description: `${formatSize(made.backup.byteSize)}, made ${formatFijiDateTime(made.backup.createdAt)}.`,
      });
      await queryClient.invalidateQueries({ queryKey: backupQueries.list().queryKey });
    },
    onError: (error) => void toastFailure("No backup was made", error),
  });

  return (
    <StaffSection
      id="backups"
      title="Backups"
      aside={
        <PendingButton
          pending={backUp.isPending}
          pendingText="Backing up..."
          icon={<Archive aria-hidden="true" />}
          onClick={() => backUp.mutate()}
        >
          Back up now
        </PendingButton>
      }
    >
      {list.data && <p className="text-sm text-slate-600">{whereKept(list.data)}</p>}
      {list.data && list.data.backups.length > 0 ? (
        <StaffTable spec={backupsTable} rows={list.data.backups} />
      ) : (
        <ListStatus
          isPending={list.isPending}
          isError={list.isError}
          isEmpty={list.data?.backups.length === 0}
          noun="backups"
          emptyText="No backups yet. The first is made a few minutes after the server starts, or now with Back up now."
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && <RestoreSteps list={list.data} />}
    </StaffSection>
  );
}
