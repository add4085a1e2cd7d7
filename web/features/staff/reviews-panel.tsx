// Reviews wait here for a decision: approved ones appear in the landing page's client reviews.
import { adminQueries, PAGE_SIZE, type ReviewFilter } from "@/features/staff/api";
import { PagedSection } from "./paged-section";
import { ReviewCard } from "./review-card";
import { useFilteredPages, useListQuery } from "./use-pages";

const FILTERS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "spam", label: "Spam" },
] as const satisfies readonly { value: ReviewFilter; label: string }[];

export function ReviewsPanel() {
  const pages = useFilteredPages<ReviewFilter>("pending");
  const { filter: status, offset } = pages;
  const list = useListQuery(adminQueries.reviews({ status, limit: PAGE_SIZE, offset }));

  return (
    <PagedSection
      title="Client reviews"
      noun="reviews"
      filterId="review-filter"
      filters={FILTERS}
      pages={pages}
      list={list}
      emptyText={status === "pending" ? "No reviews are waiting for approval." : "No reviews here."}
      renderItem={(review) => <ReviewCard review={review} />}
    />
  );
}
