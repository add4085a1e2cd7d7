import { NATIVE_FORMS } from "@shared/form-post";
import { FEATURE_CONSENT_LABEL, type ReviewSchema } from "@shared/review";
import type { Wire } from "@shared/wire";
import { type FormEvent, useEffect, useState } from "react";
import { LongTextField, PublicForm, SendRow } from "@/components/forms/public-form-parts";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFormDraft, valuesDraft } from "@/lib/form-draft";
import { savedOnDevice, usePublicSubmission } from "@/lib/public-submission";
import { trimStrings, useFormValues } from "@/lib/use-form-values";
import { toast } from "@/lib/use-toast";
import { StarRatingInput } from "./star-rating";

export interface ReviewInput {
  name: string;
  organization: string;
  position: string;
  rating: number;
  review: string;
  /** "You may feature my review": unticked until the writer ticks it. */
  featureConsent: boolean;
}

/** The form element's id (web/lib/typed-values.ts). */
const FORM_ID = "review-form";

const EMPTY: ReviewInput = {
  name: "",
  organization: "",
  position: "",
  rating: 0,
  review: "",
  featureConsent: false,
};

/**
 * The review token of the certificate e-mail's link (`/?review=<token>#client-reviews`), read after hydration (the
 * page is prerendered without it). One longer than the server takes is ignored, so the review is never refused.
 */
function useTraineeToken(): string | undefined {
  const [token, setToken] = useState<string>();
  useEffect(() => {
    const fromLink = new URLSearchParams(location.search).get("review");
    if (fromLink && fromLink.length <= 64) setToken(fromLink);
  }, []);
  return token;
}

/**
 * A valid review goes to `onSubmitReview` at once (it appears at the top of the list without waiting) and to
 * POST /api/reviews for moderation. The visitor sees the same result either way, so a failed POST is retried once
 * with the same Idempotency-Key and then dropped quietly; one that got no answer at all is kept on this device and
 * sent when the connection returns, and the visitor is told so.
 */
export function ReviewForm({ onSubmitReview }: { onSubmitReview: (review: ReviewInput) => void }) {
  const { values, set, bind, reset, restore } = useFormValues<ReviewInput>(EMPTY, FORM_ID);
  const traineeToken = useTraineeToken();
  // The request body of POST /api/reviews, typed from its shared schema.
  const { honeypotRef, restart, clock, send } = usePublicSubmission<Wire<typeof ReviewSchema>>(
    "/api/reviews",
    {
      retry: 1,
      queue: { noun: "review" },
      onError: (_error, saved) => {
        if (saved) toast({ title: savedOnDevice("review") });
      },
    },
  );
  const draft = useFormDraft("review", valuesDraft(EMPTY, { values, restore, reset }, { restart, clock }));

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
    const { review: text, featureConsent, ...rest } = review;
    send({ ...rest, text, traineeToken, featureConsent });
    onSubmitReview(review);
    // The review is on the page (and, without an answer, in the device's queue): its draft is done.
    draft.clear();
    toast({
      title: "Thank you for your review!",
      description: "Your feedback has been submitted and now appears at the top of our reviews.",
    });
  }

  return (
    <PublicForm
      id={FORM_ID}
      labelledBy="review-form-title"
      onSubmit={handleSubmit}
      onInput={draft.changed}
      native={NATIVE_FORMS.review}
    >
      {traineeToken && (
        <p className="rounded-lg bg-ocean-50 p-4 text-sm text-ocean-700">
          Thank you for training with us! Your review will show that it comes from a verified trainee.
        </p>
      )}
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
      <LongTextField
        id="review-text"
        label="Your Review"
        rows={5}
        placeholder="Tell others about your training or project experience with us."
        {...bind("review")}
      />
      <div className="flex items-start gap-3">
        <input
          id="review-feature-consent"
          type="checkbox"
          name="featureConsent"
          checked={values.featureConsent}
          onChange={(event) => set("featureConsent", event.target.checked)}
          aria-describedby="review-feature-consent-hint"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <div>
          <Label htmlFor="review-feature-consent">{FEATURE_CONSENT_LABEL}</Label>
          <p id="review-feature-consent-hint" className="text-sm text-slate-600">
            Optional. We may then show your review, in your words, as a testimonial on our home page. You can
            ask us to stop at any time.
          </p>
        </div>
      </div>
      <SendRow honeypotId="review-website" honeypotRef={honeypotRef} draft={draft}>
        Submit Review
      </SendRow>
    </PublicForm>
  );
}
