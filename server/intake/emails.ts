// The text of every e-mail the site sends, in one place.
import { COMPANY } from "../../shared/company";
import {
  COURSES,
  type CourseType,
  formatCoursePrice,
  MAX_STUDENTS_PER_CLASS,
  REPLY_WITHIN_HOURS,
} from "../../shared/constants";
import type { Contact } from "../../shared/contact";
import { applicantName, enrollmentEmailLines } from "../../shared/enrollment-display";
import type { Review } from "../../shared/review";
import { formatIntakeDates } from "../../shared/training";
import { type MailText, mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

/** The closing lines of every e-mail: read when the e-mail is written, the owner changes them in Settings (ADR 036). */
export const signature = (): MailText =>
  mailText`${COMPANY.name}\n${COMPANY.address.street}, ${COMPANY.address.city}, ${COMPANY.address.country}\n${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`;

/** A "Label: value" line for each field given a value; the ones left empty are left out. */
type Field = readonly [label: string, value: string | number | null | undefined];

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
    text: mailText`${lines([
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
    text: mailText`${lines([
      ["Name", review.name],
      ["Organization", review.organization],
      ["Position", review.position],
      ["Rating", mailText`${review.rating} / 5`],
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
    text: mailText`${lines([["Course", mailText`${course.title} (${formatCoursePrice(course.priceCents)})`], ...e.fields])}${noSeat}\n\nWe promised the applicant a reply within ${REPLY_WITHIN_HOURS} hours. Process it on the dashboard: ${dashboardUrl}`,
  };
}

/** The place an application took (training/applications.ts), as the confirmation names it. */
interface PlacedIn {
  outcome: "held" | "waitlisted" | "limit" | "none";
  position: number | null;
  /** The places one mailbox may hold in an intake (limit only). */
  limit?: number;
  intake: { startDate: string; endDate: string; location: string } | null;
}

/**
 * The intake line of the confirmation: the seat held, or the waitlist place, in the intake the applicant chose, and
 * the link that confirms their address (a held seat lapses without it) and leads to /my-training.
 */
function placeParagraph(placed: PlacedIn | null | undefined, confirmUrl: string | undefined): string {
  if (!placed?.intake || placed.outcome === "none") return "";
  const intake = mailText`${formatIntakeDates(placed.intake)}, ${placed.intake.location}`;
  if (placed.outcome === "limit") {
    // Received and kept, but no seat: said plainly, so nobody believes a seat is waiting for them.
    return mailText`\nYour intake: ${intake}. Your application is received, but it does not hold a seat: this e-mail address already has ${placed.limit ?? 0} places in this intake, the most one address can hold. Our training team will look at your application and contact you.\n`;
  }
  const waitlist =
    placed.position === null ? "on its waitlist" : mailText`number ${placed.position} on its waitlist`;
  const line =
    placed.outcome === "held"
      ? mailText`Your intake: ${intake}. A seat is held for you while we review your application.`
      : mailText`Your intake: ${intake}. It is full, so you are ${waitlist}; we will e-mail you as soon as a place comes free.`;
  if (!confirmUrl) return mailText`\n${line}\n`;
  const ask =
    placed.outcome === "held"
      ? "Please confirm your e-mail address so that we keep your seat while we review your application:"
      : "Please confirm your e-mail address so that we can offer you a place when one comes free:";
  return mailText`\n${line}\n\n${ask}\n${confirmUrl}\n\nYou can follow your application at ${new URL("/my-training", confirmUrl).href}.\n`;
}

export function enrollmentConfirmation(
  e: EnrollmentSummary,
  placed?: PlacedIn | null,
  /** The address confirmation link (training/applicant-token.ts), when the application took a place. */
  confirmUrl?: string,
): EmailMessage {
  const course = COURSES[e.courseType];
  return {
    to: e.email,
    replyTo: COMPANY.emails[1].address,
    subject: mailText`We have received your application: ${course.title}`,
    text: mailText`Bula ${e.firstName},

Thank you for applying for the ${course.title} course (reference #${e.id}).

Course: ${course.title}
Duration: ${course.durationDays} days
Fee: ${formatCoursePrice(course.priceCents)}
Certificate: ${course.certificate}
Class size: at most ${MAX_STUDENTS_PER_CLASS} students
${placeParagraph(placed, confirmUrl)}
What happens next:
1. Our training team reviews your application and will contact you within ${REPLY_WITHIN_HOURS} hours.
2. We confirm your eligibility against the entry requirements and agree a course date with you.
3. We send an invoice for the course fee; your place is held once it is paid.

Questions? Reply to this e-mail or call ${COMPANY.phones[0].display}.

${signature()}`,
  };
}

export function signInEmail(to: string, code: string, link: string): EmailMessage {
  return {
    // The outbox blanks the body once sent and staff never see or resend it: the code and link are secrets.
    sensitive: true,
    to,
    // No code in the subject: subjects show on lock screens and in the staff's outbox view.
    subject: mailText`Your ${COMPANY.name} sign-in code`,
    text: mailText`Use this code to sign in to the ${COMPANY.name} Document Portal:

    ${code}

Or open this link and confirm:
${link}

The code and the link work once, within 15 minutes. If you did not ask to sign in, ignore this e-mail: nobody can
sign in without it.

${signature()}`,
  };
}
