// One review with its rating, and Approve / Reject for whichever decision it does not have yet.
import type { AdminReview } from "@shared/admin";
import { RATING_SCALE } from "@shared/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, Star, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { adminApi, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { failureToast } from "./failure-toast";
import { formatFijiDateTime } from "./format";
import { ItemCard } from "./item-card";

const STATUS_BADGE = {
  pending: "warning",
  approved: "success",
  rejected: "secondary",
  spam: "outline",
} as const;

export function ReviewCard({ review: r }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const moderate = useMutation({
    mutationFn: (status: "approved" | "rejected") => adminApi.moderateReview(r.id, status),
    onSuccess: async (_review, status) => {
      toast(
        status === "approved"
          ? { title: "Review approved", description: "It now appears on the landing page." }
          : { title: "Review rejected" },
      );
      await invalidate.reviews(queryClient);
    },
    onError: failureToast("Failed to update review"),
  });
  const byline = [r.position, r.organization].filter(Boolean).join(", ");

  return (
    <ItemCard
      title={r.name}
      meta={
        <>
          {byline && <p className="break-words text-sm text-slate-700">{byline}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <span className="flex" role="img" aria-label={`Rated ${r.rating} out of ${RATING_SCALE.max}`}>
              {Array.from({ length: RATING_SCALE.max }, (_, index) => (
                <Star
                  // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not data.
                  key={index}
                  className={
                    index < r.rating ? "size-4 fill-amber-500 text-amber-600" : "size-4 text-slate-400"
                  }
                  aria-hidden="true"
                />
              ))}
            </span>
            Submitted {formatFijiDateTime(r.createdAt)} (Fiji time)
            <Badge variant={STATUS_BADGE[r.status]} className="capitalize">
              {r.status}
            </Badge>
            {r.verifiedCourse && <Badge variant="accent">Verified trainee · {r.verifiedCourse}</Badge>}
          </p>
        </>
      }
      actions={
        <div className="flex gap-2">
          {r.status !== "approved" && (
            <Button size="sm" onClick={() => moderate.mutate("approved")} disabled={moderate.isPending}>
              <Check aria-hidden="true" />
              Approve
            </Button>
          )}
          {r.status !== "rejected" && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => moderate.mutate("rejected")}
              disabled={moderate.isPending}
            >
              <X aria-hidden="true" />
              Reject
            </Button>
          )}
        </div>
      }
    >
      <blockquote className="mt-3 whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">
        {r.text}
      </blockquote>
      {r.moderatedAt && (
        <p className="mt-2 text-xs text-slate-600">
          Moderated{r.moderatedBy && ` by ${r.moderatedBy}`} on {formatFijiDateTime(r.moderatedAt)}
        </p>
      )}
    </ItemCard>
  );
}
