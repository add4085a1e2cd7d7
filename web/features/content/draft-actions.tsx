// The draft as a whole: who saved it last, what it would change, "Publish" (the owner only: staff read who does)
// with a confirmation that lists the sections that change and offers their pages' previews, and "Discard draft".

import { useQueryClient } from "@tanstack/react-query";
import { Send, Undo2 } from "lucide-react";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { formatFijiDateTime } from "@/features/staff/format";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { type ContentState, contentApi, isStale, refreshContent } from "./api";
import { pageName } from "./pages";
import { PreviewButton } from "./preview-dialog";
import { StaleAlert } from "./stale-alert";

interface DraftActionsProps {
  state: ContentState;
  /** Refetches the content. */
  onReload: () => Promise<void>;
  /** Refetches the content and clears the view's forms (the draft they started from is gone). */
  onReset: () => Promise<void>;
}

export function DraftActions({ state, onReload, onReset }: DraftActionsProps) {
  const changed = state.sections.filter((section) => state.unpublished.includes(section.id));
  const count = changed.length;
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <p className="text-sm text-slate-800">
        {count === 0
          ? "The draft is the published content: nothing waits to be published."
          : `${count} ${count === 1 ? "section has" : "sections have"} changes not yet published.`}
        {state.draftUpdatedBy && state.draftUpdatedAt && (
          <>
            {" "}
            Draft last saved by {state.draftUpdatedBy}, {formatFijiDateTime(state.draftUpdatedAt)}.
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {state.canPublish ? (
          <PublishDialog state={state} onReload={onReload} onReset={onReset} />
        ) : (
          <p className="text-sm font-medium text-slate-900">The owner publishes the draft.</p>
        )}
        {count > 0 && <DiscardDialog state={state} onReload={onReload} onReset={onReset} />}
      </div>
    </div>
  );
}

function PublishDialog({ state, onReload }: DraftActionsProps) {
  const queryClient = useQueryClient();
  const changed = state.sections.filter((section) => state.unpublished.includes(section.id));
  // One preview a page: the first path of each section that changes.
  const pages = [...new Set(changed.flatMap((section) => section.paths.slice(0, 1)))];
  const publish = useConfirmAction({
    mutationFn: () => contentApi.publish(state.revision),
    onSuccess: async () => {
      toast({ title: "Content published", description: "Visitors see the new words now." });
      await refreshContent(queryClient);
    },
    onError: (error) => {
      if (!isStale(error)) toastFailure("The content could not be published", error);
    },
  });
  if (changed.length === 0) return null;
  return (
    <ConfirmDialog
      {...publish.confirm}
      triggerVariant="default"
      trigger={
        <>
          <Send aria-hidden="true" />
          Publish
        </>
      }
      title="Publish the draft?"
      description="Visitors see these sections as drafted as soon as you publish. The version published now stays in the history."
      confirmLabel="Publish"
      pendingLabel="Publishing..."
      onConfirm={() => publish.mutate()}
    >
      <section aria-label="Sections that will change" className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Sections that will change</h3>
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {changed.map((section) => (
            <li key={section.id}>{section.title}</li>
          ))}
        </ul>
      </section>
      {pages.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {pages.map((path) => (
            <PreviewButton key={path} path={path} what={pageName(path)} showWhat />
          ))}
        </div>
      )}
      {publish.isError && isStale(publish.error) && (
        <StaleAlert
          message={serverMessage(publish.error) ?? "The draft changed meanwhile."}
          onReload={async () => {
            await onReload();
            publish.reset();
          }}
        />
      )}
    </ConfirmDialog>
  );
}

function DiscardDialog({ state, onReload, onReset }: DraftActionsProps) {
  const discard = useConfirmAction({
    mutationFn: () => contentApi.discard(state.revision),
    onSuccess: async () => {
      toast({ title: "Draft discarded", description: "The draft is the published content again." });
      await onReset();
    },
    onError: (error) => {
      if (!isStale(error)) toastFailure("The draft could not be discarded", error);
    },
  });
  return (
    <ConfirmDialog
      {...discard.confirm}
      trigger={
        <>
          <Undo2 aria-hidden="true" />
          Discard draft
        </>
      }
      title="Discard the draft?"
      description={`The changes not yet published (${state.unpublished.length} ${state.unpublished.length === 1 ? "section" : "sections"}) are lost, for everyone, and the draft goes back to what visitors see now.`}
      confirmLabel="Discard draft"
      confirmVariant="destructive"
      pendingLabel="Discarding..."
      onConfirm={() => discard.mutate()}
    >
      {discard.isError && isStale(discard.error) && (
        <StaleAlert
          message={serverMessage(discard.error) ?? "The draft changed meanwhile."}
          onReload={async () => {
            await onReload();
            discard.reset();
          }}
        />
      )}
    </ConfirmDialog>
  );
}
