// A document's versions, newest first: who uploaded which file when, which one subscribers get, and Restore to make
// an earlier one current again.
import type { StaffDocument } from "@shared/library";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { toast } from "@/lib/use-toast";
import { invalidateLibrary, libraryApi, libraryQueries } from "./api";

export function VersionsDialog({ document }: { document: StaffDocument }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const versions = useQuery({ ...libraryQueries.versions(document.id), enabled: open });
  const restore = useMutation({
    mutationFn: (version: number) => libraryApi.restore(document.id, version),
    onSuccess: async (saved) => {
      setFailure(undefined);
      toast({ title: "Version restored", description: `${saved.title}: version ${saved.currentVersion}` });
      await invalidateLibrary.documents(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      setFailure(serverMessage(error) ?? "The version could not be restored. Please try again.");
    },
  });
  const rows = versions.data ?? [];

  return (
    <DialogFrame
      open={open}
      // Closing while a restore finishes is fine: its toast and the refreshed table still follow.
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline">
          <History aria-hidden="true" />
          Versions
          <span className="sr-only"> of {document.title}</span>
        </Button>
      }
      title="Versions"
      description={`${document.title}: subscribers download the current version.`}
      content={{ className: "max-w-2xl" }}
    >
      <ListStatus
        isPending={versions.isPending}
        isError={versions.isError}
        isEmpty={rows.length === 0}
        noun="versions"
        emptyText="No file uploaded yet."
        onRetry={() => versions.refetch()}
      />
      {rows.length > 0 && (
        <ul aria-label="Versions" className="grid gap-2">
          {rows.map((version) => (
            <li
              key={version.version}
              aria-label={`Version ${version.version}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <span className="font-medium text-slate-900">
                  Version {version.version}: {version.fileName}
                </span>
                <span className="text-xs text-slate-600">
                  {version.fileType.toUpperCase()}, {version.fileSize}; {version.uploadedBy},{" "}
                  {formatFijiDateTime(String(version.uploadedAt))}
                </span>
              </div>
              {version.current ? (
                <Badge variant="success">Current</Badge>
              ) : (
                <PendingButton
                  size="sm"
                  variant="outline"
                  pending={restore.isPending && restore.variables === version.version}
                  pendingText="Restoring..."
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(version.version)}
                >
                  Restore
                  <span className="sr-only"> version {version.version}</span>
                </PendingButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormAlert boxed message={failure} />
      <DialogActions closeLabel="Done">{null}</DialogActions>
    </DialogFrame>
  );
}
