import Quote from "lucide-react/icons/quote";
import { Badge } from "@/components/ui/badge";
import type { Review } from "@/features/landing/testimonials";
import { cn } from "@/lib/utils";
import { StarDisplay } from "./star-rating";

export function TestimonialCard({ review }: { review: Review }) {
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
        review.isNew ? "border-2 border-green-600" : "border-slate-200",
      )}
    >
      <figure className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3">
          <StarDisplay rating={review.rating} />
          {review.isNew ? (
            <Badge variant="success">NEW</Badge>
          ) : (
            <Quote aria-hidden="true" className="size-8 text-brand-100" />
          )}
        </div>
        <blockquote className="mt-4 flex-1 text-pretty text-slate-700">
          <p>&ldquo;{review.quote}&rdquo;</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
          {review.photo ? (
            <img
              src={review.photo.src}
              srcSet={review.photo.srcSet}
              sizes="44px"
              width={review.photo.width}
              height={review.photo.height}
              alt={review.photo.alt}
              loading="lazy"
              decoding="async"
              className="size-11 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className={cn(
                "flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white",
                review.avatar.colour,
              )}
            >
              {review.avatar.initials}
            </span>
          )}
          <span className="min-w-0">
            <span className="block font-semibold text-brand-950">{review.name}</span>
            <span className="block text-sm text-slate-600">{review.position}</span>
            {review.verifiedCourse && (
              <Badge variant="accent" className="mt-1">
                Verified trainee · {review.verifiedCourse}
              </Badge>
            )}
            {review.sample && (
              <Badge variant="outline" className="mt-1">
                Sample testimonial
              </Badge>
            )}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
