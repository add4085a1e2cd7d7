// Reviews wait here for a decision: approved ones appear in the landing page's client reviews.
import { adminQueries, type ReviewFilter } from "@/features/staff/api";
import { PagedSection } from "./paged-section";
import { ReviewCard } from "./review-card";

const FILTERS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "spam", label: "Spam" },
] as const satisfies readonly { value: ReviewFilter; label: string }[];

export function ReviewsPanel() {
  return (
    <PagedSection
      title="Client reviews"
      noun="reviews"
      filters={FILTERS}
      query={(status, page) => adminQueries.reviews({ status, ...page })}
      emptyText={(status) =>
        status === "pending" ? "No reviews are waiting for approval." : "No reviews here."
      }
      renderItem={(review) => <ReviewCard review={review} />}
    />
  );
}
