// What the payer is paying for: the course, its dates and place, the fee, what is paid and due, and the deadline.
import { formatMoney } from "@shared/constants";
import type { PlacePayment } from "@shared/course-payment";
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
    ["Course fee", `${formatMoney(place.feeCents)} (VAT ${place.vatPercent}% included)`],
  ];
  if (place.depositCents) rows.push(["Deposit", formatMoney(place.depositCents)]);
  rows.push(["Paid", formatMoney(place.paidCents)], ["Due", formatMoney(place.dueCents)]);
  if (place.offerExpiresAt && !place.offerExpired) {
    rows.push(["Pay by", `${deadline.format(new Date(place.offerExpiresAt))} (Fiji time)`]);
  }
  if (place.balanceDueDate && place.dueCents > 0) {
    rows.push(["Balance due by", formatCalendarDate(place.balanceDueDate)]);
  }
  return (
    <Panel headingId="course-payment-summary" heading="Your place">
      <DescriptionList
        rows={rows}
        className="mt-4 grid gap-3 sm:grid-cols-2"
        classes={{ item: "", term: "text-sm text-slate-600", detail: "font-semibold text-slate-900" }}
      />
    </Panel>
  );
}
