import { RATING_SCALE } from "@shared/constants";
import Star from "lucide-react/icons/star";
import { useState } from "react";
import { RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

const VALUES = Array.from(
  { length: RATING_SCALE.max - RATING_SCALE.min + 1 },
  (_, i) => RATING_SCALE.min + i,
);

export function starLabel(value: number): string {
  return value === 1 ? "1 star" : `${value} stars`;
}

/** Read-only stars with one text alternative, e.g. 'Rated 5 out of 5'. */
export function StarDisplay({ rating, className }: { rating: number; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_SCALE.max}`}
      className={cn("flex gap-0.5", className)}
    >
      {VALUES.map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={cn("size-4", value <= rating ? "fill-sun-400 text-sun-500" : "fill-none text-slate-300")}
        />
      ))}
    </div>
  );
}

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * The review form's 1-5 rating: native radios (so arrow keys and screen readers just work) drawn as stars,
 * with a hover preview on top of the chosen value. 0 means nothing chosen yet.
 */
export function StarRatingInput({ name, value, onChange }: StarRatingInputProps) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        Rating
        <RequiredMark />
      </legend>
      <div className="mt-2 flex items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse-only hover preview; keyboard uses the radios */}
        <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {VALUES.map((star) => (
            <label
              key={star}
              onMouseEnter={() => setHover(star)}
              className="cursor-pointer rounded-md p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name={name}
                value={star}
                required
                checked={value === star}
                onChange={() => onChange(star)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "size-8 transition-colors",
                  star <= shown ? "fill-sun-400 text-sun-500" : "fill-none text-slate-400",
                )}
              />
              <span className="sr-only">{starLabel(star)}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-slate-600">
          {shown ? starLabel(shown) : "Select a rating"}
        </span>
      </div>
    </fieldset>
  );
}
