// The e-mails of training operations: an intake moved or cancelled, a place offered, moved by staff or released.
// Those that change a place's dates carry its calendar file again (same UID, the place's next SEQUENCE), so the
// event already in the person's calendar moves, or is removed when the intake is cancelled.

import { COMPANY } from "../../shared/company";
import { COURSES } from "../../shared/constants";
import { fullFeeDueNote, type PaymentTerms } from "../../shared/due-dates";
import { formatDailyHours, type JoiningInstructions } from "../../shared/joining";
import { formatFjd } from "../../shared/money-format";
import { formatCalendarDate, formatIntakeDates } from "../../shared/training";
import type { SeatState } from "../db/schema";
import { greeting, type Reader, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailAttachment, EmailMessage } from "../integrations/mail/mailer";
import { type CalendarOf, calendarAttachment } from "./applicant-calendar";
import { joiningDetails, venueDetails, whatToBringBlock } from "./joining-text";

interface IntakeText extends JoiningInstructions {
  courseType: keyof typeof COURSES;
  startDate: string;
  endDate: string;
  location: string;
}

const courseName = (intake: IntakeText) => mailText`${COURSES[intake.courseType].title} course`;
const when = (intake: IntakeText) => mailText`${formatIntakeDates(intake)}, ${intake.location}`;
/** The dates, the hours each day and the place: what a change of intake compares. */
const whenAndHours = (intake: IntakeText) =>
  mailText`${formatIntakeDates(intake)}, ${formatDailyHours(intake)}, ${intake.location}`;

/** The place's calendar file for `intake`, when the place has a seat (a waitlist place has no event to move). */
function calendarFiles(
  intake: IntakeText,
  calendar: CalendarOf | null,
  cancelled = false,
): EmailAttachment[] | null {
  return calendar ? [calendarAttachment({ ...intake, ...calendar }, calendar.publicUrl, cancelled)] : null;
}

const calendarNote = (calendar: CalendarOf | null, what: string) =>
  calendar ? mailText`\n\nThe calendar file attached ${what}.` : "";

export function intakeChangedEmail(
  to: Reader,
  before: IntakeText,
  after: IntakeText,
  /** The place's calendar, when it holds a seat: the file attached moves the event to the new dates. */
  calendar: CalendarOf | null,
): EmailMessage {
  return {
    to: to.email,
    subject: mailText`Your ${courseName(after)} has new dates, hours or a new place`,
    text: mailText`${greeting(to.firstName)}

The ${courseName(after)} you applied for has changed.

Before: ${whenAndHours(before)}
Now: ${whenAndHours(after)}${venueDetails(after)}${whatToBringBlock(after)}

Your place is kept, with anything you paid. If the change does not suit you, reply to this e-mail and we will move
you to another intake or cancel your place.${calendarNote(calendar, "moves the course in your calendar to the new dates and hours")}

${signature()}`,
    attachments: calendarFiles(after, calendar),
  };
}

export function intakeCancelledEmail(
  to: Reader,
  intake: IntakeText,
  alternatives: readonly (IntakeText & { feeCents: number })[],
  /** The place's calendar, when it held a seat: the file attached removes the event. */
  calendar: CalendarOf | null,
): EmailMessage {
  const options =
    alternatives.length === 0
      ? "There is no other intake of this course on the schedule yet: reply to this e-mail and we will tell you as soon as there is one."
      : mailText`You can move to another intake of the same course; reply to this e-mail naming the one you want:\n${alternatives
          .map((other) => mailText`- ${when(other)} (${formatFjd(other.feeCents)})`)
          .join("\n")}`;
  return {
    to: to.email,
    subject: mailText`Your ${courseName(intake)} on ${formatIntakeDates(intake)} is cancelled`,
    text: mailText`${greeting(to.firstName)}

We are sorry: the ${courseName(intake)} on ${when(intake)} has been cancelled, and your place in it has ended.

${options}

If you paid towards this intake, we refund it in full or move it with you to the intake you choose.${calendarNote(calendar, "removes the course from your calendar")}

${signature()}`,
    attachments: calendarFiles(intake, calendar, true),
  };
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Pacific/Fiji",
});

/**
 * What the offer asks (docs/product.md, "Due dates"): the deposit, with the day the rest is due, or the full fee; the
 * full fee only, said plainly, when the course is too near for a deposit. Then the pay link: the page it opens shows
 * what is owed and pays only when its button is pressed.
 */
const payParagraph = (
  payLink: string | null,
  intake: { depositCents?: number | null },
  until: Date,
  terms: PaymentTerms,
) => {
  const deposit = intake.depositCents ?? 0;
  const note =
    deposit > 0 && !terms.depositAllowed ? mailText`\n${fullFeeDueNote(longDate.format(until))}\n` : "";
  if (!payLink) return note;
  const what =
    deposit > 0 && terms.depositAllowed && terms.balanceDueDate
      ? mailText`deposit of ${formatFjd(deposit)} (the rest of the fee is then due by ${formatCalendarDate(terms.balanceDueDate)}) or the full fee`
      : "fee";
  return mailText`${note}\nTo keep it, pay the ${what} by card or M-PAiSA here:\n${payLink}\n`;
};

/** Bank transfer details, as the owner set them in Settings (ADR 036); staff record the payment when it arrives. */
export const bankParagraph = () => {
  const bank = COMPANY.bank;
  return mailText`\nYou can also pay by bank transfer to ${bank.accountName}, ${bank.bank} (${bank.branch}), account ${bank.accountNumber}, SWIFT ${bank.swift}. Put your name and the course in the reference.\n`;
};

export function waitlistOfferEmail(
  to: Reader,
  intake: IntakeText & { feeCents: number; depositCents?: number | null },
  until: Date,
  payLink: string | null,
  terms: PaymentTerms,
): EmailMessage {
  return {
    to: to.email,
    subject: mailText`A place is free for you on the ${courseName(intake)}`,
    text: mailText`${greeting(to.firstName)}

A place has come free on the ${courseName(intake)} (${when(intake)}) and you are next on the waitlist, so it is
yours if you want it. The fee is ${formatFjd(intake.feeCents)}.

The place is kept for you until ${longDate.format(until)} (Fiji time). If you no longer want it, reply to this e-mail
and we will offer it to the next person.
${payParagraph(payLink, intake, until, terms)}${bankParagraph()}
${signature()}`,
  };
}

/** Staff accepted the application: the seat is offered until `until`, and the pay link opens its payment page. */
export function placeOfferEmail(
  to: Reader,
  intake: IntakeText & { feeCents: number; depositCents?: number | null },
  until: Date,
  payLink: string | null,
  terms: PaymentTerms,
): EmailMessage {
  return {
    to: to.email,
    subject: mailText`Your place on the ${courseName(intake)} is offered: pay by ${longDate.format(until)}`,
    text: mailText`${greeting(to.firstName)}

Good news: your application for the ${courseName(intake)} (${when(intake)}) is accepted and a place is offered to
you. The fee is ${formatFjd(intake.feeCents)}.

The place is kept for you until ${longDate.format(until)} (Fiji time); paying confirms it.
${payParagraph(payLink, intake, until, terms)}${bankParagraph()}
If you no longer want it, reply to this e-mail and we will offer it to the next person.

${signature()}`,
  };
}

/**
 * A place lapsed: a hold whose address was never confirmed ("hold"), an offer not paid in time ("offer"), or an
 * address-confirmed hold our team did not decide on in time ("review"; the applicant was told 48 hours before).
 */
export function placeEndedEmail(
  to: Reader,
  intake: IntakeText,
  what: "hold" | "offer" | "review",
): EmailMessage {
  const why =
    what === "hold"
      ? "we did not hear back to confirm your e-mail address in time"
      : what === "offer"
        ? "the offer's deadline passed before the fee was paid"
        : "a seat can only be held for a limited time while our team reviews an application, and that time ran out before we could offer it to you. We are sorry. Your application stays with us";
  return {
    to: to.email,
    subject: mailText`Your place on the ${courseName(intake)} has been released`,
    text: mailText`${greeting(to.firstName)}

Your place on the ${courseName(intake)} (${when(intake)}) has been released because ${why}.

If you still want to take this course, apply again on our website or reply to this e-mail and we will help.

${signature()}`,
  };
}

/**
 * Staff put the application in an intake by hand (place-moves.ts): where it is now, how the place stands, and (for a
 * place with a seat) its calendar file with the new dates, which replaces the one sent before.
 */
export function placeMovedEmail(
  to: Reader,
  intake: IntakeText,
  state: SeatState,
  calendar: CalendarOf | null,
): EmailMessage {
  // A move keeps a live place live (place-moves.ts): the ended states never reach this e-mail.
  const standing: Partial<Record<SeatState, string>> = {
    waitlisted: "The intake is full, so you are on its waitlist: we will e-mail you if a seat frees up.",
    confirmed: "Your place is confirmed, and anything you paid goes with it.",
    offered:
      "The place is still offered to you, with anything you paid: pay by the deadline with the link in our offer e-mail to confirm it.",
    held: "A seat is held for you there while we review your application. Once we accept it, we e-mail you an offer with a link to pay the fee online.",
  };
  return {
    to: to.email,
    subject: mailText`Your ${courseName(intake)}: ${when(intake)}`,
    text: mailText`${greeting(to.firstName)}

Our team has put your application for the ${courseName(intake)} in the intake on ${when(intake)}.${
      calendar ? mailText`\n${joiningDetails(intake)}${whatToBringBlock(intake)}` : ""
    }

${standing[state] ?? ""} You can see your application at any time on the My training page of our website.${calendarNote(calendar, "puts the course in your calendar on these dates, in place of any earlier one")}

${signature()}`,
    attachments: calendarFiles(intake, calendar),
  };
}
