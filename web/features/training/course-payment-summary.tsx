// What the payer is paying for: the course, its dates and place, the fee, what is paid and due, and the deadlines
// (docs/product.md, "Due dates"): the offer's pay-by, and the day a deposit's balance is due, or, when the course is
// too near for a deposit, that the full fee is due with the offer; and, before paying, the refund rule in the intake's
// own dates (shared/refund-rule.ts).
import type { PlacePayment } from "@shared/course-payment";
import { fullFeeDueNote } from "@shared/due-dates";
import { fijiToday } from "@shared/fiji-time";
import { formatFjd } from "@shared/money-format";
import { refundRuleText } from "@shared/refund-rule";
import { formatCalendarDate, formatIntakeDates } from "@shared/training";
import { DescriptionList } from "@/components/ui/description-list";
import { Panel } from "@/components/ui/panel";

const deadline = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Pacific/Fiji",
});

const STATE_WORDS: Record<string, string> = {
  held: "Held while we review your application",
  offered: "Offered to you: pay to confirm it",
  confirmed: "Confirmed",
  waitlisted: "On the waitlist",
  declined: "Declined",
  lapsed: "Released",
  cancelled: "Cancelled",
};

export function CoursePaymentSummary({ place }: { place: PlacePayment }) {
  const rows: [string, string][] = [
    ["Course", `${place.courseTitle} course`],
    ["Dates", formatIntakeDates(place)],
    ["Place", place.location],
    ["Your place", place.offerExpired ? "The offer has expired" : (STATE_WORDS[place.state] ?? place.state)],
    ["Course fee", `${formatFjd(place.feeCents)} (VAT ${place.vatPercent}% included)`],
  ];
  const payBy =
    place.offerExpiresAt && !place.offerExpired ? deadline.format(new Date(place.offerExpiresAt)) : null;
  if (place.depositCents) {
    rows.push([
      "Deposit",
      place.fullFeeDue ? "Not offered: the full fee is due" : formatFjd(place.depositCents),
    ]);
  }
  rows.push(["Paid", formatFjd(place.paidCents)], ["Due", formatFjd(place.dueCents)]);
  if (payBy) rows.push(["Pay by", `${payBy} (Fiji time)`]);
  if (place.balanceDueDate && place.dueCents > 0) {
    // While offered, the balance is what a deposit leaves; once confirmed, what is still owed.
    const when = formatCalendarDate(place.balanceDueDate);
    rows.push(["Balance due by", place.state === "offered" ? `${when}, after a deposit` : when]);
  }
  return (
    <Panel headingId="course-payment-summary" heading="Your place">
      <DescriptionList
        rows={rows}
        className="mt-4 grid gap-3 sm:grid-cols-2"
        classes={{ item: "", term: "text-sm text-slate-600", detail: "font-semibold text-slate-900" }}
      />
      {payBy && place.fullFeeDue && <p className="mt-4 text-slate-900">{fullFeeDueNote(payBy)}</p>}
      {!place.intakeCancelled && (
        // Before paying, in the intake's own dates: the same rule the server applies when a place is cancelled.
        <section aria-labelledby="refund-rule-heading" className="mt-5 border-t border-slate-100 pt-4">
          <h3 id="refund-rule-heading" className="text-sm font-semibold text-slate-900">
            If you cancel
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">
            {refundRuleText(place.refundRule, fijiToday())}
          </p>
        </section>
      )}
    </Panel>
  );
}
