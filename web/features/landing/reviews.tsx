import { TIMING } from "@shared/constants";
import type { PublicReview } from "@shared/contracts/intake";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fillText } from "@/content/fill-text";
import {
  AVATAR_COLOURS,
  FEATURED_TESTIMONIALS,
  initialsOf,
  type Review,
  TESTIMONIALS,
} from "@/features/landing/testimonials";
import { scrollToSection } from "@/lib/scroll";
import { LandingSection } from "./landing-section";
import { ReviewForm, type ReviewInput } from "./review-form";
import { TestimonialCard } from "./testimonial-card";

const REVIEWS_LIST_ID = "reviews-list";

function colourFor(name: string): Review["avatar"]["colour"] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

/** A review as the list shows it, whether approved earlier or written just now (the form calls its text "review"). */
function toCard(
  id: string,
  review: Pick<PublicReview, "text" | "name" | "position" | "organization" | "rating"> &
    Partial<Pick<PublicReview, "verifiedCourse">>,
): Review {
  return {
    id,
    quote: review.text,
    name: review.name,
    position: review.position || review.organization || "Customer",
    avatar: { initials: initialsOf(review.name), colour: colourFor(review.name) },
    rating: review.rating,
    verifiedCourse: review.verifiedCourse,
  };
}

/**
 * Approved reviews from GET /api/reviews (the default query fn, through the query cache); none while loading or on
 * error. fetchQuery rather than useQuery: the query observer would cost the landing page's JS budget ~2 KB, and
 * this list needs no refetching.
 */
function usePublicReviews(): PublicReview[] {
  const queryClient = useQueryClient();
  const [approved, setApproved] = useState<PublicReview[]>([]);
  useEffect(() => {
    let current = true;
    queryClient.fetchQuery<PublicReview[]>({ queryKey: ["/api/reviews"] }).then(
      (rows) => {
        if (current && Array.isArray(rows)) setApproved(rows);
      },
      () => {
        // Nothing extra to show: the sample testimonials stand on their own.
      },
    );
    return () => {
      current = false;
    };
  }, [queryClient]);
  return approved;
}

/**
 * A visitor's new reviews are prepended in page memory (lost on reload) and also sent for moderation; the sample
 * testimonials follow, then the reviews staff have approved.
 */
export function Reviews() {
  const [newReviews, setNewReviews] = useState<Review[]>([]);
  const nextId = useRef(0);
  const approved = usePublicReviews();
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  function addReview(input: ReviewInput) {
    nextId.current += 1;
    const review: Review = {
      ...toCard(`new-review-${nextId.current}`, { ...input, text: input.review }),
      isNew: true,
    };
    setNewReviews((current) => [review, ...current]);
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => scrollToSection(REVIEWS_LIST_ID), TIMING.scrollAfterReviewMs);
  }

  // Featured reviews first (their authors agreed, ADR 061), then the owner's samples, then the other approved ones.
  const featuredIds = new Set(FEATURED_TESTIMONIALS.map((featured) => featured.reviewId));
  const reviews = [
    ...newReviews,
    ...FEATURED_TESTIMONIALS.map((featured) => ({
      ...toCard(`featured-review-${featured.reviewId}`, {
        ...featured,
        text: featured.quote,
        organization: null,
      }),
      photo: featured.photo,
    })),
    ...TESTIMONIALS.map((sample) => ({ ...sample, quote: fillText(sample.quote) })),
    ...approved
      .filter((review) => !featuredIds.has(review.id))
      .map((review) => toCard(`approved-review-${review.id}`, review)),
  ];

  return (
    <LandingSection section="reviews" className="bg-white">
      <ul
        id={REVIEWS_LIST_ID}
        aria-label="Client reviews"
        className="mt-14 grid gap-6 focus:outline-none md:grid-cols-2 lg:grid-cols-3"
      >
        {reviews.map((review) => (
          <TestimonialCard key={review.id} review={review} />
        ))}
      </ul>

      <div className="mx-auto mt-16 max-w-3xl rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm sm:p-10">
        <h3 id="review-form-title" className="text-2xl font-bold text-brand-950">
          Share Your Experience
        </h3>
        <p className="mt-2 text-slate-600">
          Trained with us or worked with our team? Your review helps other Pacific organisations choose with
          confidence.
        </p>
        <div className="mt-8">
          <ReviewForm onSubmitReview={addReview} />
        </div>
      </div>
    </LandingSection>
  );
}
