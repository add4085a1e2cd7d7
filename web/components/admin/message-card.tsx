// One contact message, with 'Mark as handled' while it is open.
import type { AdminMessage } from "@shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { adminApi, httpStatus, invalidate } from "@/lib/admin-api";
import { toast } from "@/lib/use-toast";
import { formatFijiDateTime, fullName } from "./format";

export function MessageCard({ message: m }: { message: AdminMessage }) {
  const queryClient = useQueryClient();
  const titleId = `message-${m.id}-name`;
  const handle = useMutation({
    mutationFn: () => adminApi.markHandled(m.id),
    onSuccess: async () => {
      toast({ title: "Message marked as handled" });
      await invalidate.messages(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      toast({ title: "Error", description: "Failed to update message", variant: "destructive" });
    },
  });

  return (
    <Card asChild className="p-5">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
              {fullName(m)}
            </h3>
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
          </div>
          {m.handledAt === null ? (
            <Button size="sm" variant="outline" onClick={() => handle.mutate()} disabled={handle.isPending}>
              <Check aria-hidden="true" />
              {handle.isPending ? "Saving..." : "Mark as handled"}
            </Button>
          ) : (
            <p className="text-sm text-green-800">
              Handled{m.handledBy && ` by ${m.handledBy}`} on {formatFijiDateTime(m.handledAt)}
            </p>
          )}
        </div>
        <p className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">
          {m.message}
        </p>
      </article>
    </Card>
  );
}
