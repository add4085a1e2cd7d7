// What a refund or dispute of a card-paid course fee tells people (fee-card-changes.ts decides which): the payer
// hears when their place ends because the money went back to their card; staff hear of every refund made at the
// card provider, every dispute, and how each ended.
import { COURSES } from "../../shared/constants";
import { formatFjd } from "../../shared/money-format";
import { formatIntakeDates } from "../../shared/training";
import { signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";
import type { IntakeRow } from "./fee-dues";

export type CardFeeChange = "refunded" | "partially-refunded" | "disputed" | "dispute-lost" | "dispute-won";

const courseName = (intake: IntakeRow) => mailText`${COURSES[intake.courseType].title} course`;
const greeting = (firstName: string | null) => (firstName ? mailText`Bula ${firstName},` : "Bula,");

/** The payer's place ended because the whole fee went back to their card: a refund, or a dispute their bank upheld. */
export function cardFeeReturnedEmail(p: {
  to: string;
  firstName: string | null;
  intake: IntakeRow;
  amountCents: number;
  reference: string;
  /** "refund": refunded to the card; "dispute": the card's bank took the payment back. */
  how: "refund" | "dispute";
}): EmailMessage {
  const what =
    p.how === "refund"
      ? mailText`Your card payment of ${formatFjd(p.amountCents)} (reference ${p.reference}) for the ${courseName(p.intake)} has been refunded to your card in full`
      : mailText`Your bank has taken back your card payment of ${formatFjd(p.amountCents)} (reference ${p.reference}) for the ${courseName(p.intake)}`;
  return {
    to: p.to,
    subject: mailText`Your place on the ${courseName(p.intake)} is cancelled`,
    text: mailText`${greeting(p.firstName)}

${what}, so your place on the course (${formatIntakeDates(p.intake)}, ${p.intake.location}) is cancelled and
has gone to the next person waiting.

If this is a mistake and you still want to come, reply to this e-mail and we will help you book again.

${signature()}`,
  };
}

export interface CardFeeStaffNote {
  to: string;
  change: CardFeeChange;
  payer: string;
  intake: IntakeRow | null;
  seatId: number | null;
  reference: string;
  amountCents: number;
  /** Refunded of this payment so far, at the provider and here (a lost dispute counts). */
  refundedCents: number;
  /** What the place owes now, after this change; null without a place. */
  dueCents: number | null;
  /** True when this change cancelled the place (its seat went to the waitlist). */
  placeCancelled: boolean;
  /** The place's state when it was already over (cancelled, declined, lapsed) and so left alone. */
  placeEndedAs: string | null;
  disputeId: string | null;
  dashboardUrl: string;
}

const TITLES: Record<CardFeeChange, string> = {
  refunded: "Course fee refunded at Stripe",
  "partially-refunded": "Course fee partly refunded at Stripe",
  disputed: "Course fee disputed",
  "dispute-lost": "Course fee dispute lost",
  "dispute-won": "Course fee dispute won",
};

function whatHappened(n: CardFeeStaffNote) {
  switch (n.change) {
    case "refunded":
      return "The whole payment was refunded in the Stripe dashboard (not through a refund request here).";
    case "partially-refunded":
      return "Part of the payment was refunded in the Stripe dashboard (not through a refund request here). The refund is recorded against the payment and what the place owes is worked out again.";
    case "disputed":
      return "The payer disputed the payment with their bank. The place is flagged as disputed. Answer the dispute in the Stripe dashboard before its deadline.";
    case "dispute-lost":
      return "The bank decided the dispute for the payer: the money went back to them, recorded as a refund of the payment.";
    case "dispute-won":
      return "The bank decided the dispute for us: the money stays paid and the place is no longer flagged.";
  }
}

function placeLine(n: CardFeeStaffNote) {
  if (n.seatId === null) return "Place: none (the payment was for no place)";
  if (n.placeCancelled) return mailText`Place: ${n.seatId}, now cancelled; its seat went to the waitlist`;
  if (n.placeEndedAs) return mailText`Place: ${n.seatId}, already ${n.placeEndedAs}, left as it was`;
  return mailText`Place: ${n.seatId}, still held; it owes ${formatFjd(n.dueCents ?? 0)} now`;
}

export function cardFeeStaffNote(n: CardFeeStaffNote): EmailMessage {
  const course = n.intake ? mailText`${courseName(n.intake)}, ${formatIntakeDates(n.intake)}` : "no course";
  const dispute = n.disputeId ? mailText`\nDispute: ${n.disputeId}` : "";
  return {
    to: n.to,
    subject: mailText`${TITLES[n.change]}: ${n.payer}, ${formatFjd(n.amountCents)}`,
    text: mailText`Bula,

${whatHappened(n)}

Payer: ${n.payer}
Course: ${course}
Card payment: ${formatFjd(n.amountCents)} (reference ${n.reference})
Refunded so far: ${formatFjd(n.refundedCents)}${dispute}
${placeLine(n)}

The place and its payments are on the staff dashboard: ${n.dashboardUrl}`,
  };
}
