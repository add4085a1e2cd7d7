import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
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
  const [values, setValues] = useState<ReviewInput>(EMPTY);

  function set<K extends keyof ReviewInput>(key: K, value: ReviewInput[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const review = {
      ...values,
      name: values.name.trim(),
      organization: values.organization.trim(),
      position: values.position.trim(),
      review: values.review.trim(),
    };
    if (!review.name || !review.review || review.rating === 0) {
      toast({
        title: "Required fields missing",
        description: "Please fill in your name, review, and rating.",
        variant: "destructive",
      });
      return;
    }
    onSubmitReview(review);
    setValues(EMPTY);
    toast({
      title: "Thank you for your review!",
      description: "Your feedback has been submitted and now appears at the top of our reviews.",
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="review-form-title" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="review-name">
            Name
            <RequiredMark />
          </Label>
          <Input
            id="review-name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="review-organization">Organization</Label>
          <Input
            id="review-organization"
            name="organization"
            autoComplete="organization"
            value={values.organization}
            onChange={(e) => set("organization", e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="review-position">Position/Title</Label>
        <Input
          id="review-position"
          name="position"
          autoComplete="organization-title"
          value={values.position}
          onChange={(e) => set("position", e.target.value)}
        />
      </div>
      <StarRatingInput name="rating" value={values.rating} onChange={(rating) => set("rating", rating)} />
      <div className="grid gap-2">
        <Label htmlFor="review-text">
          Your Review
          <RequiredMark />
        </Label>
        <Textarea
          id="review-text"
          name="review"
          rows={5}
          required
          placeholder="Tell others about your training or project experience with us."
          value={values.review}
          onChange={(e) => set("review", e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          Submit Review
        </Button>
      </div>
    </form>
  );
}
