// What the honeypot caught: kept for SPAM_RETENTION_DAYS so a person caught by mistake can be restored ("Not spam"
// puts it back in its usual list and sends the e-mails it missed) or, when it is junk, deleted now.
import { SPAM_KIND_LABELS, SPAM_RETENTION_DAYS, type SpamItem, type SpamKind } from "@shared/spam";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import { invalidateSpam, spamApi, spamQueries } from "@/features/staff/api-spam";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmAction } from "./confirm-dialog";
import { toastFailure } from "./failure-toast";
import { formatFijiDateTime } from "./format";
import { ItemCard } from "./item-card";
import { PagedSection } from "./paged-section";

const FILTERS = [
  { value: "enrollment", label: "Enrollments" },
  { value: "contact", label: "Messages" },
  { value: "review", label: "Reviews" },
] as const satisfies readonly { value: SpamKind; label: string }[];

const REASON_TEXT: Record<string, string> = {
  honeypot: "Filled the hidden field only bots see",
  "too fast": "Sent in under 3 seconds",
};

export function SpamPanel() {
  return (
    <div className="grid gap-3">
      <PagedSection
        title="Spam"
        noun="spam"
        filters={FILTERS}
        query={(kind, page) => spamQueries.list({ kind, ...page })}
        emptyText={() => "Nothing caught as spam."}
        renderItem={(item) => <SpamCard item={item} />}
      />
      <p className="text-sm text-slate-600">
        Caught submissions are deleted automatically after {SPAM_RETENTION_DAYS} days.
      </p>
    </div>
  );
}

/**
 * What restoring and deleting an item share: the call, then its toast and a refresh of the lists it changes, or the
 * failure's toast (titled `failure`).
 */
function useSpamAction(
  item: SpamItem,
  call: (item: SpamItem) => Promise<void>,
  { failure, ...done }: { title: string; description: string; failure: string },
) {
  const queryClient = useQueryClient();
  return {
    mutationFn: () => call(item),
    onSuccess: async () => {
      toast(done);
      await invalidateSpam(queryClient, item.kind);
    },
    onError: (error: Error) => toastFailure(failure, error),
  };
}

function SpamCard({ item }: { item: SpamItem }) {
  const restore = useMutation(
    useSpamAction(item, spamApi.notSpam, {
      title: "Restored",
      description: `${item.name} is back in the usual list and has been e-mailed.`,
      failure: "Could not restore it",
    }),
  );
  return (
    <ItemCard
      title={item.name}
      meta={
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge variant="outline">{SPAM_KIND_LABELS[item.kind]}</Badge>
          <span>Reason: {item.reason ? (REASON_TEXT[item.reason] ?? item.reason) : "not recorded"}</span>
          <span>· {formatFijiDateTime(item.createdAt)}</span>
          {item.email && <span className="break-all">· {item.email}</span>}
        </div>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={restore.isPending} onClick={() => restore.mutate()}>
            <IconLabel icon={Undo2} detail={`: restore ${item.name}`}>
              {restore.isPending ? "Restoring..." : "Not spam"}
            </IconLabel>
          </Button>
          <DeleteSpamDialog item={item} />
        </div>
      }
    >
      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-700">{item.summary}</p>
    </ItemCard>
  );
}

function DeleteSpamDialog({ item }: { item: SpamItem }) {
  const remove = useConfirmAction(
    useSpamAction(item, spamApi.remove, {
      title: "Deleted",
      description: `The submission from ${item.name} is gone for good.`,
      failure: "Could not delete it",
    }),
  );
  return (
    <ConfirmDialog
      {...remove.confirm}
      trigger={
        <IconLabel icon={Trash2} detail={` the submission from ${item.name}`}>
          Delete
        </IconLabel>
      }
      title="Delete this submission?"
      description={
        <>
          The {SPAM_KIND_LABELS[item.kind].toLowerCase()} from{" "}
          <span className="font-medium text-slate-900">{item.name}</span> is deleted for good.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      confirmVariant="destructive"
      onConfirm={() => remove.mutate()}
    />
  );
}
