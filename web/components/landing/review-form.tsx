import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { trimStrings, useFormValues } from "@/lib/use-form-values";
import { toast } from "@/lib/use-toast";
import { StarRatingInput } from "./star-rating";

export interface ReviewInput {
  name: string;
  organization: string;
  position: string;
  rating: number;
  review: string;
}

const EMPTY: ReviewInput = { name: "", organization: "", position: "", rating: 0, review: "" };

/** Client-side only (SPEC section 7: no review call exists): a valid review goes to `onSubmitReview`. */
export function ReviewForm({ onSubmitReview }: { onSubmitReview: (review: ReviewInput) => void }) {
  const { values, set, bind, reset } = useFormValues<ReviewInput>(EMPTY);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const review = trimStrings(values);
    if (!review.name || !review.review || review.rating === 0) {
      toast({
        title: "Required fields missing",
        description: "Please fill in your name, review, and rating.",
        variant: "destructive",
      });
      return;
    }
    onSubmitReview(review);
    reset();
    toast({
      title: "Thank you for your review!",
      description: "Your feedback has been submitted and now appears at the top of our reviews.",
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="review-form-title" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="review-name" label="Name" required>
          <Input id="review-name" autoComplete="name" required {...bind("name")} />
        </Field>
        <Field id="review-organization" label="Organization">
          <Input id="review-organization" autoComplete="organization" {...bind("organization")} />
        </Field>
      </div>
      <Field id="review-position" label="Position/Title">
        <Input id="review-position" autoComplete="organization-title" {...bind("position")} />
      </Field>
      <StarRatingInput name="rating" value={values.rating} onChange={(rating) => set("rating", rating)} />
      <Field id="review-text" label="Your Review" required>
        <Textarea
          id="review-text"
          rows={5}
          required
          placeholder="Tell others about your training or project experience with us."
          {...bind("review")}
        />
      </Field>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          Submit Review
        </Button>
      </div>
    </form>
  );
}
