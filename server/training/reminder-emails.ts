// The scheduled e-mails of a confirmed place: the course reminders a week and a day before the start (with the
// calendar file), the balance reminder before its due date, and staff's alert when a balance is overdue.
import { COURSES } from "../../shared/constants";
import type { JoiningInstructions } from "../../shared/joining";
import { formatFjd } from "../../shared/money-format";
import { formatCalendarDate, formatIntakeDates } from "../../shared/training";
import { greeting, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailAttachment, EmailMessage } from "../integrations/mail/mailer";
import { joiningDetails, whatToBringBlock } from "./joining-text";

export interface ReminderPlace extends JoiningInstructions {
  seatId: number;
  email: string;
  /** The first name the reminders greet. */
  name: string;
  courseType: keyof typeof COURSES;
  startDate: string;
  endDate: string;
  location: string;
  dueCents: number;
  balanceDueDate: string | null;
  /** The place's calendar sequence (seats.calendarSequence), for the file the course reminders carry. */
  sequence: number;
}

const course = (place: ReminderPlace) => mailText`${COURSES[place.courseType].title} course`;

export function courseReminderEmail(
  place: ReminderPlace,
  when: "week" | "day",
  links: { myTraining: string; pay: string | null },
  calendar: EmailAttachment,
): EmailMessage {
  const starts =
    when === "day" ? "starts tomorrow" : mailText`starts on ${formatCalendarDate(place.startDate)}`;
  const balance =
    place.dueCents > 0
      ? mailText`\n\nThe balance of ${formatFjd(place.dueCents)} is still to be paid${links.pay ? mailText`; pay it here:\n${links.pay}` : "."}`
      : "";
  return {
    to: place.email,
    subject: mailText`Reminder: your ${course(place)} ${starts}`,
    text: mailText`${greeting(place.name)}

Your ${course(place)} ${starts}.

Dates: ${formatIntakeDates(place)}
Place: ${place.location}${joiningDetails(place)}${whatToBringBlock(place)}${balance}

The calendar file attached adds the course to your calendar. Your application is on the My training page:
${links.myTraining}

${signature()}`,
    attachments: [calendar],
  };
}

export function balanceReminderEmail(place: ReminderPlace, payLink: string | null): EmailMessage {
  const due = place.balanceDueDate
    ? mailText`by ${formatCalendarDate(place.balanceDueDate)}`
    : "before the course starts";
  return {
    to: place.email,
    subject: mailText`Your ${course(place)}: balance of ${formatFjd(place.dueCents)} due ${due}`,
    text: mailText`${greeting(place.name)}

Thank you for your deposit: your place on the ${course(place)} (${formatIntakeDates(place)}, ${place.location}) is
confirmed. The balance of ${formatFjd(place.dueCents)} is due ${due}.

${payLink ? mailText`Pay it by card or M-PAiSA here:\n${payLink}` : "Reply to this e-mail to arrange payment."}

${signature()}`,
  };
}

export function balanceOverdueAlert(to: string, place: ReminderPlace, dashboard: string): EmailMessage {
  return {
    to,
    subject: mailText`Balance overdue: ${place.name}, ${course(place)} ${formatIntakeDates(place)}`,
    text: mailText`${greeting()}

The balance of ${formatFjd(place.dueCents)} for ${place.name} <${place.email}> was due on ${
      place.balanceDueDate ? formatCalendarDate(place.balanceDueDate) : "the due date"
    } and is unpaid.

Course: ${course(place)}, ${formatIntakeDates(place)}, ${place.location}

The place stays confirmed: nothing is cancelled by itself. Record a payment, or decide with the trainee, in the
dashboard:
${dashboard}`,
  };
}
