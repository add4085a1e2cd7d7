// One contact message, with 'Mark as handled' while it is open.
import type { AdminMessage } from "@shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { adminApi, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { failureToast } from "./failure-toast";
import { formatFijiDateTime, fullName } from "./format";
import { ItemCard } from "./item-card";

export function MessageCard({ message: m }: { message: AdminMessage }) {
  const queryClient = useQueryClient();
  const handle = useMutation({
    mutationFn: () => adminApi.markHandled(m.id),
    onSuccess: async () => {
      toast({ title: "Message marked as handled" });
      await invalidate.messages(queryClient);
    },
    onError: failureToast("Failed to update message"),
  });

  return (
    <ItemCard
      title={fullName(m)}
      meta={
        <>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <a href={`mailto:${m.email}`} className="font-medium text-brand-700 underline">
              {m.email}
            </a>
            {m.organization && <span className="break-words">{m.organization}</span>}
            <Badge variant="secondary">{m.serviceInterest}</Badge>
          </p>
          <p className="mt-1 text-xs text-slate-600">
            Received {formatFijiDateTime(m.createdAt)} (Fiji time)
          </p>
        </>
      }
      actions={
        m.handledAt === null ? (
          <Button size="sm" variant="outline" onClick={() => handle.mutate()} disabled={handle.isPending}>
            <Check aria-hidden="true" />
            {handle.isPending ? "Saving..." : "Mark as handled"}
          </Button>
        ) : (
          <p className="text-sm text-green-800">
            Handled{m.handledBy && ` by ${m.handledBy}`} on {formatFijiDateTime(m.handledAt)}
          </p>
        )
      }
    >
      <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">
        {m.message}
      </p>
    </ItemCard>
  );
}
