// /course-payment?place=<id>&token=<pay token>: an applicant pays the course fee of the place they were offered (the
// offer e-mail's pay link, or the Pay button of /my-training). The page shows the course, its dates and place, what is
// owed and by when, and pays by card or M-PAiSA; after paying (or coming back from a provider with ?reference=) it
// follows the payment until the place is confirmed. An expired offer says so plainly and offers nothing to pay.
import { PAY_LINK_INVALID_MESSAGE } from "@shared/course-payment";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, GraduationCap } from "lucide-react";
import { useEffect, useState } from "react";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { SandboxBanner } from "@/features/payments/sandbox-banner";
import { httpStatus, serverMessage } from "@/lib/api";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";
import { CoursePaymentForm } from "./course-payment-form";
import { type PayLink, readPayLink, useCoursePaymentState, usePlacePayment } from "./course-payment-queries";
import { CoursePaymentSummary } from "./course-payment-summary";

function Notice({ tone, children }: { tone: "good" | "warn"; children: string }) {
  const Icon = tone === "good" ? CircleCheck : CircleAlert;
  return (
    <p
      role={tone === "good" ? "status" : "alert"}
      className={
        tone === "good"
          ? "flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-slate-900"
          : "flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
      }
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

export default function CoursePaymentPage() {
  useScrollToTopOnMount();
  // Read after hydration: the page is prerendered without a query string.
  const [link, setLink] = useState<PayLink | null>(null);
  const [ready, setReady] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  // A payment started on this visit keeps its card field on screen while it is followed.
  const [startedHere, setStartedHere] = useState(false);
  useEffect(() => {
    const found = readPayLink(window.location.search);
    setLink(found);
    setReference(found?.reference ?? null);
    setReady(true);
  }, []);

  const place = usePlacePayment(link);
  const payment = useCoursePaymentState(reference);
  const queryClient = useQueryClient();
  const paymentStatus = payment.data?.status;
  // A settled payment changes what the place owes: read it again.
  useEffect(() => {
    if (paymentStatus && paymentStatus !== "pending") {
      void queryClient.invalidateQueries({ queryKey: ["course-payment"] });
    }
  }, [paymentStatus, queryClient]);

  const invalid = ready && (link === null || httpStatus(place.error) === 404);
  const data = place.data;

  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <SandboxBanner />
        <PageIntro
          eyebrow={
            <>
              <GraduationCap className="size-4" aria-hidden="true" />
              Course fee
            </>
          }
          title="Pay your course fee"
          description="Paying the full fee, or the deposit where one is offered, confirms your place on the course."
        />
        <div className="mt-8 grid gap-6" aria-live="polite">
          {invalid && <Notice tone="warn">{PAY_LINK_INVALID_MESSAGE}</Notice>}
          {place.error && !invalid && (
            <Notice tone="warn">
              {serverMessage(place.error) ?? "Your place could not be loaded. Please try again."}
            </Notice>
          )}
          {!invalid && ready && place.isPending && <p role="status">Loading your place...</p>}
          {paymentStatus === "paid" && (
            <Notice tone="good">
              Payment received: your place is confirmed. A receipt is on its way by e-mail.
            </Notice>
          )}
          {paymentStatus === "failed" && (
            <Notice tone="warn">
              The payment did not go through, and nothing was charged. You can try again.
            </Notice>
          )}
          {reference && paymentStatus === "pending" && (
            <p role="status">Waiting for the payment to be confirmed...</p>
          )}
          {data && <CoursePaymentSummary place={data} />}
          {data?.message && (
            <Notice tone={data.state === "confirmed" ? "good" : "warn"}>{data.message}</Notice>
          )}
          {data && link && data.options.length > 0 && (startedHere || paymentStatus !== "pending") && (
            <CoursePaymentForm
              link={link}
              place={data}
              onStarted={(started) => {
                setStartedHere(true);
                setReference(started);
              }}
            />
          )}
        </div>
      </div>
    </PageShell>
  );
}
