// The text of every e-mail the site sends, in one place.
import { COMPANY } from "../../shared/company";
import { COURSES, type CourseType, MAX_STUDENTS_PER_CLASS, REPLY_WITHIN_HOURS } from "../../shared/constants";
import type { Contact } from "../../shared/contact";
import { applicantName, enrollmentEmailLines } from "../../shared/enrollment-display";
import { formatFjd } from "../../shared/money-format";
import type { Review } from "../../shared/review";
import { formatIntakeDates } from "../../shared/training";
import { type MailText, mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

/** The closing lines of every e-mail: read when the e-mail is written, the owner changes them in Settings (ADR 036). */
export const signature = (): MailText =>
  mailText`${COMPANY.name}\n${COMPANY.address.street}, ${COMPANY.address.city}, ${COMPANY.address.country}\n${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`;

/** A "Label: value" line for each field given a value; the ones left empty are left out. */
type Field = readonly [label: string, value: string | number | null | undefined];

/** Who an e-mail goes to: the address, and the first name it greets when one is known. */
export interface Reader {
  email: string;
  firstName: string | null;
}

/** The word people are greeted by: the first word of a name ("Mere Salote" -> "Mere"), or null when there is none. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * Every e-mail opens with this: "Bula Mere," with a first name (as the person wrote it in a first-name field; pass
 * a full name through firstNameOf), "Bula," without one (staff notifications too).
 */
export function greeting(firstName?: string | null): MailText {
  const name = firstName?.trim().replace(/\s+/g, " ");
  return name ? mailText`Bula ${name},` : mailText`Bula,`;
}

function lines(fields: readonly Field[]): string {
  return fields
    .flatMap(([label, value]) =>
      value === undefined || value === null || value === "" ? [] : [mailText`${label}: ${value}`],
    )
    .join("\n");
}

export function contactNotification(contact: Contact, staffEmail: string, id: number): EmailMessage {
  return {
    to: staffEmail,
    replyTo: contact.email,
    subject: mailText`Website enquiry #${id}: ${contact.serviceInterest} from ${contact.firstName} ${contact.lastName}`,
    text: mailText`${greeting()}

A new enquiry came in through the website's contact form.

${lines([
  ["Name", mailText`${contact.firstName} ${contact.lastName}`],
  ["Email", contact.email],
  ["Organization", contact.organization],
  ["Service interest", contact.serviceInterest],
])}\n\n${contact.message}\n\nReply to this e-mail to answer ${contact.firstName} directly.`,
  };
}

export function reviewNotification(review: Review, staffEmail: string, id: number): EmailMessage {
  return {
    to: staffEmail,
    subject: mailText`New ${review.rating}-star review #${id} awaiting approval`,
    text: mailText`${greeting()}

A new review is waiting for your approval.

${lines([
  ["Name", review.name],
  ["Organization", review.organization],
  ["Position", review.position],
  ["Rating", mailText`${review.rating} / 5`],
  [
    "May be featured",
    review.featureConsent ? 'yes: the writer ticked "You may feature my review"' : undefined,
  ],
])}\n\n${review.text}\n\nApprove or reject it on the staff dashboard before it appears on the website.`,
  };
}

export interface EnrollmentSummary {
  id: number;
  courseType: CourseType;
  firstName: string;
  email: string;
  /** The name, subject line included, as the catalogue writes it. */
  name: string;
  /** "Label: value" lines of every field the applicant answered, from the catalogue. */
  fields: [string, string | number][];
}

/** What both enrollment e-mails need, from an application's stored field values. */
export function enrollmentSummary(
  id: number,
  courseType: CourseType,
  values: { firstName: string; email: string } & Record<string, unknown>,
): EnrollmentSummary {
  return {
    id,
    courseType,
    firstName: values.firstName,
    email: values.email,
    name: applicantName(values),
    fields: enrollmentEmailLines(values),
  };
}

export function enrollmentStaffNotification(
  e: EnrollmentSummary,
  staffEmail: string,
  dashboardUrl: string,
  /** The place it took: an application its mailbox's limit left without a seat says so (docs/product.md). */
  placed?: PlacedIn | null,
): EmailMessage {
  const course = COURSES[e.courseType];
  const noSeat =
    placed?.outcome === "limit"
      ? mailText`\n\nNo seat taken: this mailbox already has ${placed.limit ?? 0} live places in the intake it chose, the most the settings allow. Give it an intake by hand on the dashboard if it is a real applicant.`
      : "";
  return {
    to: staffEmail,
    replyTo: e.email,
    subject: mailText`New enrollment #${e.id}: ${course.title} - ${e.name}`,
    text: mailText`${greeting()}

A new application for the ${course.title} course came in.

${lines([["Course", mailText`${course.title} (${formatFjd(course.priceCents)})`], ...e.fields])}${noSeat}

We promised the applicant a reply within ${REPLY_WITHIN_HOURS} hours. Process it on the dashboard:
${dashboardUrl}`,
  };
}

/** The place an application took (training/applications.ts), as the confirmation names it. */
interface PlacedIn {
  outcome: "held" | "waitlisted" | "limit" | "none";
  position: number | null;
  /** The places one mailbox may hold in an intake (limit only). */
  limit?: number;
  intake: {
    startDate: string;
    endDate: string;
    location: string;
    feeCents?: number;
    depositCents?: number | null;
  } | null;
}

type Placed = PlacedIn & { outcome: "held" | "waitlisted"; intake: NonNullable<PlacedIn["intake"]> };

const isPlaced = (placed: PlacedIn | null | undefined): placed is Placed =>
  !!placed?.intake && (placed.outcome === "held" || placed.outcome === "waitlisted");

/** Where the application stands: the seat held, the waitlist place, no seat (the mailbox's limit), or no intake yet. */
function standing(placed: PlacedIn | null | undefined): string {
  if (placed?.outcome === "limit" && placed.intake) {
    // Received and kept, but no seat: said plainly, so nobody believes a seat is waiting for them.
    return mailText`Your application is received, but it does not hold a seat: this e-mail address already has ${placed.limit ?? 0} places in this intake (${formatIntakeDates(placed.intake)}), the most one address can hold.`;
  }
  if (!isPlaced(placed)) {
    return 'No seat is held for you yet: you chose "Any upcoming date", or the intake you chose no longer takes applications.';
  }
  if (placed.outcome === "held")
    return "A seat is held for you in this intake while we review your application.";
  const waitlist =
    placed.position === null ? "on its waitlist" : mailText`number ${placed.position} on its waitlist`;
  return mailText`This intake is full, so you are ${waitlist}.`;
}

/** How the fee is paid today: online from the offer's link, by its deadline (training/emails.ts, placeOfferEmail). */
function paySentence(placed: PlacedIn | null | undefined): string {
  const deposit = isPlaced(placed) ? (placed.intake.depositCents ?? 0) : null;
  const what =
    deposit === null
      ? "the deposit or the full fee, as the offer says,"
      : deposit > 0
        ? mailText`the deposit of ${formatFjd(deposit)} or the full fee, as the offer says,`
        : "the fee";
  return mailText`it comes with a link to pay online by card or M-PAiSA (bank transfer works too). Paying ${what} by the offer's deadline confirms your place, and the receipt carries a calendar file for your course.`;
}

/** The steps from here, numbered: confirming the address (when there is a link to), the review, the offer and paying. */
function nextSteps(placed: PlacedIn | null | undefined, confirmUrl: string | undefined): string {
  const steps: string[] = [];
  if (confirmUrl && isPlaced(placed)) {
    steps.push(
      placed.outcome === "held"
        ? "Confirm your e-mail address with the link below, so that we keep your seat while we review your application."
        : "Confirm your e-mail address with the link below, so that we can offer you a place when one comes free.",
    );
  }
  steps.push(
    mailText`Our training team checks your application against the entry requirements and replies within ${REPLY_WITHIN_HOURS} hours.`,
  );
  if (placed?.outcome === "limit")
    steps.push(
      "If you apply for someone else, each person needs an application with their own e-mail address.",
    );
  else if (!isPlaced(placed))
    steps.push("We put you in an upcoming intake of this course and e-mail you its dates.");
  steps.push(
    isPlaced(placed) && placed.outcome === "waitlisted"
      ? mailText`When a place comes free, we e-mail you an offer of it: ${paySentence(placed)}`
      : placed?.outcome === "limit"
        ? mailText`If our team can give your application a place, we e-mail you an offer of it: ${paySentence(placed)}`
        : mailText`Once we accept your application, we e-mail you an offer of the place: ${paySentence(placed)}`,
  );
  return steps.map((step, i) => mailText`${i + 1}. ${step}`).join("\n");
}

/** The links the confirmation ends with: the address confirmation and /my-training, each on a line of its own. */
function links(placed: PlacedIn | null | undefined, confirmUrl: string | undefined): string {
  if (!confirmUrl) return "";
  const confirm = isPlaced(placed) ? mailText`\nConfirm your e-mail address here:\n${confirmUrl}\n` : "";
  return mailText`${confirm}\nFollow your application on the My training page:\n${new URL("/my-training", confirmUrl).href}\n`;
}

export function enrollmentConfirmation(
  e: EnrollmentSummary,
  placed?: PlacedIn | null,
  /** The address confirmation link (training/applicant-token.ts); it also leads to /my-training. */
  confirmUrl?: string,
): EmailMessage {
  const course = COURSES[e.courseType];
  // The intake's own fee when there is one: an intake may cost more or less than the course's listed price.
  const fee = isPlaced(placed) && placed.intake.feeCents ? placed.intake.feeCents : course.priceCents;
  const intake = isPlaced(placed)
    ? mailText`Intake: ${formatIntakeDates(placed.intake)}, ${placed.intake.location}\n`
    : "";
  return {
    to: e.email,
    replyTo: COMPANY.emails[1].address,
    subject: mailText`We have received your application: ${course.title}`,
    text: mailText`${greeting(e.firstName)}

Thank you for applying for the ${course.title} course (reference #${e.id}).

Course: ${course.title}
${intake}Duration: ${course.durationDays} days
Fee: ${formatFjd(fee)}
Certificate: ${course.certificate}
Class size: at most ${MAX_STUDENTS_PER_CLASS} students

${standing(placed)}

What happens next:
${nextSteps(placed, confirmUrl)}
${links(placed, confirmUrl)}
Questions? Reply to this e-mail or call ${COMPANY.phones[0].display}.

${signature()}`,
  };
}

/** Where a sign-in code leads: the subscribers' Document Portal, or an applicant's My training page. */
export type SignInPlace = "portal" | "my-training";

export function signInEmail(to: Reader, code: string, link: string, place: SignInPlace): EmailMessage {
  const where =
    place === "my-training"
      ? mailText`My training, your applications and courses on the ${COMPANY.name} website`
      : mailText`the ${COMPANY.name} Document Portal`;
  return {
    // The outbox blanks the body once sent and staff never see or resend it: the code and link are secrets.
    sensitive: true,
    to: to.email,
    // No code in the subject: subjects show on lock screens and in the staff's outbox view.
    subject: mailText`Your ${COMPANY.name} sign-in code`,
    text: mailText`${greeting(to.firstName)}

Use this code to sign in to ${where}:

    ${code}

Or open this link and confirm:
${link}

The code and the link work once, within 15 minutes. If you did not ask to sign in, ignore this e-mail: nobody can
sign in without it.

${signature()}`,
  };
}
