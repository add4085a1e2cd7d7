// What the honeypot caught: kept for SPAM_RETENTION_DAYS so a person caught by mistake can be restored ("Not spam"
// puts it back in its usual list and sends the e-mails it missed) or, when it is junk, deleted now.
import { SPAM_KIND_LABELS, SPAM_RETENTION_DAYS, type SpamItem, type SpamKind } from "@shared/spam";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { invalidateSpam, spamApi, spamQueries } from "@/features/staff/api-spam";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmDialog } from "./confirm-dialog";
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

function SpamCard({ item }: { item: SpamItem }) {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => spamApi.notSpam(item),
    onSuccess: async () => {
      toast({
        title: "Restored",
        description: `${item.name} is back in the usual list and has been e-mailed.`,
      });
      await invalidateSpam(queryClient, item.kind);
    },
    onError: (error) => toastFailure("Could not restore it", error),
  });
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
            <Undo2 aria-hidden="true" />
            {restore.isPending ? "Restoring..." : "Not spam"}
            <span className="sr-only">: restore {item.name}</span>
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
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog();
  const remove = useMutation({
    mutationFn: () => spamApi.remove(item),
    onSuccess: async () => {
      dialog.finish();
      toast({ title: "Deleted", description: `The submission from ${item.name} is gone for good.` });
      await invalidateSpam(queryClient, item.kind);
    },
    onError: (error) => toastFailure("Could not delete it", error),
  });
  return (
    <ConfirmDialog
      dialog={dialog}
      pending={remove.isPending}
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only"> the submission from {item.name}</span>
        </>
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
