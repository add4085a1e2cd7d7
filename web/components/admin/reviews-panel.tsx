// Reviews wait here for a decision: approved ones appear in the landing page's client reviews.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminQueries, PAGE_SIZE, type ReviewFilter } from "@/lib/admin-api";
import { FilterSelect } from "./filter-select";
import { PagedSection } from "./paged-section";
import { ReviewCard } from "./review-card";

const FILTERS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "spam", label: "Spam" },
] as const satisfies readonly { value: ReviewFilter; label: string }[];

export function ReviewsPanel() {
  const [status, setStatus] = useState<ReviewFilter>("pending");
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    ...adminQueries.reviews({ status, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });

  return (
    <PagedSection
      titleId="reviews-title"
      title="Client reviews"
      toolbar={
        <FilterSelect
          id="review-filter"
          label="Show"
          value={status}
          options={FILTERS}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
        />
      }
      list={list}
      noun="reviews"
      emptyText={status === "pending" ? "No reviews are waiting for approval." : "No reviews here."}
      offset={offset}
      onOffsetChange={setOffset}
      renderItem={(review) => <ReviewCard review={review} />}
    />
  );
}
