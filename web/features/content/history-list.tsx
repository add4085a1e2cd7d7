// Every publish, newest first: its version, who published it, when (Fiji time) and which sections it changed, with
// "Restore" to make an older version the draft again (the owner then publishes it).
import { History } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { formatFijiDateTime } from "@/features/staff/format";
import { StaffSection } from "@/features/staff/staff-section";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { type ContentState, type ContentVersion, contentApi, isStale } from "./api";
import { StaleAlert } from "./stale-alert";

interface HistoryListProps {
  state: ContentState;
  onReload: () => Promise<void>;
  /** Refetches and clears the view's forms: a restore replaces the draft they started from. */
  onReset: () => Promise<void>;
}

export function HistoryList({ state, onReload, onReset }: HistoryListProps) {
  const titles = new Map(state.sections.map((section) => [section.id, section.title]));
  const versions = [...state.history].sort((a, b) => b.version - a.version);
  return (
    <StaffSection
      id="content-history"
      title="History"
      intro="Each publish is kept. Restore puts that version's words into the draft; visitors see them once the owner publishes."
    >
      {versions.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing published yet: visitors read the original text.</p>
      ) : (
        <ol aria-label="Published versions" className="grid gap-2">
          {versions.map((version) => (
            <li
              key={version.version}
              aria-label={`Version ${version.version}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <span className="font-medium text-slate-900">
                  Version {version.version}: {version.publishedBy}, {formatFijiDateTime(version.publishedAt)}
                </span>
                <span className="text-slate-700">
                  {version.restoredFrom !== null && `Put back version ${version.restoredFrom}. `}
                  Changed:{" "}
                  {version.changed.length === 0
                    ? "nothing"
                    : version.changed.map((id) => titles.get(id) ?? id).join("; ")}
                </span>
              </div>
              {version.version === state.publishedVersion ? (
                <Badge variant="success">What visitors see</Badge>
              ) : (
                <RestoreDialog version={version} state={state} onReload={onReload} onReset={onReset} />
              )}
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}

function RestoreDialog({
  version,
  state,
  onReload,
  onReset,
}: HistoryListProps & { version: ContentVersion }) {
  const restore = useConfirmAction({
    mutationFn: () => contentApi.restore(state.revision, version.version),
    onSuccess: async () => {
      toast({
        title: `Version ${version.version} is now the draft`,
        description: state.canPublish
          ? "Publish the draft to show it to visitors."
          : "The owner publishes the draft to show it to visitors.",
      });
      await onReset();
    },
    onError: (error) => {
      if (!isStale(error)) toastFailure("The version could not be restored", error);
    },
  });
  return (
    <ConfirmDialog
      {...restore.confirm}
      trigger={
        <>
          <History aria-hidden="true" />
          Restore
          <span className="sr-only"> version {version.version}</span>
        </>
      }
      title={`Restore version ${version.version}?`}
      description={`Its words become the draft in place of the current one${state.unpublished.length > 0 ? ", and the changes not yet published are lost" : ""}. Visitors see them once the owner publishes.`}
      confirmLabel="Restore"
      pendingLabel="Restoring..."
      onConfirm={() => restore.mutate()}
    >
      {restore.isError && isStale(restore.error) && (
        <StaleAlert
          message={serverMessage(restore.error) ?? "The draft changed meanwhile."}
          onReload={async () => {
            await onReload();
            restore.reset();
          }}
        />
      )}
    </ConfirmDialog>
  );
}
