// The course-fee e-mails: the payer's receipt (amount, VAT, what is still due and by when) and the note that a
// payment could not buy a place, so it will be refunded.
import { COURSES } from "../../shared/constants";
import { formatFjd } from "../../shared/money-format";
import { formatCalendarDate, formatIntakeDates } from "../../shared/training";
import { greeting, type Reader, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";
import { type CalendarOf, calendarAttachment } from "./applicant-calendar";
import type { IntakeRow } from "./fee-dues";
import { joiningDetails, whatToBringBlock } from "./joining-text";

export interface CourseReceipt {
  to: string;
  /** The payer's first name, from their application: the receipt greets them by it. */
  firstName: string | null;
  intake: IntakeRow;
  reference: string;
  /** card, M-PAiSA, bank transfer or cash, as the payer reads it. */
  method: string;
  receiptNumber: string | null;
  amountCents: number;
  vatCents: number;
  vatPercent: number;
  dueCents: number;
  balanceDueDate: string | null;
  /** The payer's payment page (the pay link), for the balance. */
  payUrl: string | null;
  /** Whether the offer asks the full fee (its course starts soon): a payment short of it does not confirm. */
  fullFeeDue?: boolean;
  /** False when the payment fell short of the deposit, so the offer still waits (a wallet reporting less). */
  confirmed?: boolean;
  /** The place and the site's address: a receipt that confirms the place carries its calendar file. */
  calendar: CalendarOf;
  /** The refund rule in words as of the payment (shared/refund-rule.ts), as the pay page stated it. */
  refundRule?: string;
}

const METHOD_NAMES: Record<string, string> = {
  card: "card",
  mpaisa: "M-PAiSA",
  bank: "bank transfer",
  cash: "cash",
};

export const methodName = (method: string) => METHOD_NAMES[method] ?? method;

const courseName = (intake: IntakeRow) => mailText`${COURSES[intake.courseType].title} course`;

export function courseReceiptEmail(r: CourseReceipt): EmailMessage {
  const dueBy = r.balanceDueDate ? mailText` by ${formatCalendarDate(r.balanceDueDate)}` : "";
  const payHere = r.payUrl ? mailText`\n\nPay it here:\n${r.payUrl}` : "";
  const balance =
    r.dueCents > 0
      ? mailText`Balance due: ${formatFjd(r.dueCents)}${dueBy}${payHere}`
      : mailText`Balance due: ${formatFjd(0)} (your course fee is paid in full)`;
  const place =
    r.confirmed === false
      ? mailText`. It is counted towards your place on the ${courseName(r.intake)}, which is confirmed once ${r.fullFeeDue ? "the full fee" : "at least the deposit"} is paid.`
      : mailText` and your place on the ${courseName(r.intake)} is confirmed.`;
  return {
    to: r.to,
    subject: mailText`Receipt: ${courseName(r.intake)}, ${formatFjd(r.amountCents)}`,
    text: mailText`${greeting(r.firstName)}

Thank you: we have received your payment${place}

Course: ${courseName(r.intake)}, ${formatIntakeDates(r.intake)}, ${r.intake.location}${r.confirmed === false ? "" : joiningDetails(r.intake)}
Receipt: ${r.receiptNumber ?? r.reference}
Amount paid: ${formatFjd(r.amountCents)} (${methodName(r.method)})
VAT (${r.vatPercent}%, included): ${formatFjd(r.vatCents)}
${balance}${r.confirmed === false ? "" : whatToBringBlock(r.intake)}
${r.refundRule ? mailText`\nIf you cancel: ${r.refundRule}\n` : ""}${r.confirmed === false ? "" : "\nThe calendar file attached adds the course to your calendar.\n"}
${signature()}`,
    attachments:
      r.confirmed === false
        ? null
        : [calendarAttachment({ ...r.intake, ...r.calendar }, r.calendar.publicUrl)],
  };
}

/** Staff confirmed the place without payment (a scholarship, an employer's invoice): no money lines, the calendar. */
export function placeConfirmedEmail(to: Reader, intake: IntakeRow, calendar: CalendarOf): EmailMessage {
  return {
    to: to.email,
    subject: mailText`Your place is confirmed: ${courseName(intake)}, ${formatIntakeDates(intake)}`,
    text: mailText`${greeting(to.firstName)}

Your place on the ${courseName(intake)} is confirmed, with nothing to pay.

Course: ${courseName(intake)}, ${formatIntakeDates(intake)}, ${intake.location}${joiningDetails(intake)}${whatToBringBlock(intake)}

The calendar file attached adds the course to your calendar.

${signature()}`,
    attachments: [calendarAttachment({ ...intake, ...calendar }, calendar.publicUrl)],
  };
}

export function paymentNotPlacedEmail(
  to: Reader,
  intake: IntakeRow | null,
  amountCents: number,
  reference: string,
): EmailMessage {
  const what = intake ? mailText`the ${courseName(intake)} (${formatIntakeDates(intake)})` : "a course";
  return {
    to: to.email,
    subject: mailText`Your payment of ${formatFjd(amountCents)} will be refunded`,
    text: mailText`${greeting(to.firstName)}

We received your payment of ${formatFjd(amountCents)} (reference ${reference}) for ${what}, but it could not be
used for a place: the place was already paid, or it is no longer held for you. Our staff will refund it; you do not
need to do anything. If you still want a place, reply to this e-mail and we will help.

${signature()}`,
  };
}
