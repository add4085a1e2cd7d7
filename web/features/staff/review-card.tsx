// One review with its rating, and Approve / Reject for whichever decision it does not have yet. Whether its writer
// lets it be featured is shown on every card; an owner features an approved, consented review on the home page, or
// stops (docs/product.md, Testimonials with consent).
import type { AdminReview } from "@shared/admin";
import { RATING_SCALE } from "@shared/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Megaphone, Star, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { adminApi, adminQueries, invalidate } from "@/features/staff/api";
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
  const owner = useQuery(adminQueries.auth()).data?.role === "owner";
  const feature = useMutation({
    mutationFn: (featured: boolean) => adminApi.featureReview(r.id, featured),
    onSuccess: async (_review, featured) => {
      toast(
        featured
          ? { title: "Review featured", description: "It now shows as a testimonial on the home page." }
          : { title: "No longer featured" },
      );
      await invalidate.reviews(queryClient);
    },
    onError: failureToast("Failed to change featuring"),
  });
  const byline = [r.position, r.organization].filter(Boolean).join(", ");
  const consenting = r.featureConsentAt !== null && r.featureWithdrawnAt === null;

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
            {r.featuredAt && <Badge variant="success">Featured</Badge>}
          </p>
          <ConsentLine review={r} />
        </>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          {owner && r.status === "approved" && consenting && !r.featuredAt && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => feature.mutate(true)}
              disabled={feature.isPending}
            >
              <Megaphone aria-hidden="true" />
              Feature on the home page
            </Button>
          )}
          {owner && r.featuredAt && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => feature.mutate(false)}
              disabled={feature.isPending}
            >
              Stop featuring
            </Button>
          )}
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

/** What the writer allowed: featuring (and since when), a withdrawal, and whether they can withdraw by e-mail. */
function ConsentLine({ review: r }: { review: AdminReview }) {
  if (r.featureWithdrawnAt) {
    return (
      <p className="mt-1 text-xs text-slate-600">
        The author withdrew permission to feature it on {formatFijiDateTime(r.featureWithdrawnAt)}.
      </p>
    );
  }
  if (!r.featureConsentAt) {
    return <p className="mt-1 text-xs text-slate-600">The author did not ask for it to be featured.</p>;
  }
  const featured = r.featuredAt
    ? ` Featured${r.featuredBy ? ` by ${r.featuredBy}` : ""} since ${formatFijiDateTime(r.featuredAt)}.`
    : "";
  const withdraw = r.withdrawLinkSent
    ? " They were e-mailed a link to withdraw."
    : " No e-mail address is known, so they can only withdraw by contacting you.";
  return (
    <p className="mt-1 text-xs text-slate-600">
      The author may have it featured (agreed {formatFijiDateTime(r.featureConsentAt)}).{featured}
      {r.status === "approved" ? withdraw : ""}
    </p>
  );
}
