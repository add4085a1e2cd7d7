// The e-mails of training operations: an intake moved or cancelled (more follow with offers and payments).
import { COURSES, formatCoursePrice } from "../../shared/constants";
import { formatIntakeDates } from "../../shared/training";
import { signature } from "../intake/emails";
import type { EmailMessage } from "../integrations/mail/mailer";

interface IntakeText {
  courseType: keyof typeof COURSES;
  startDate: string;
  endDate: string;
  location: string;
}

const courseName = (intake: IntakeText) => `${COURSES[intake.courseType].title} course`;
const when = (intake: IntakeText) => `${formatIntakeDates(intake)}, ${intake.location}`;

export function intakeChangedEmail(to: string, before: IntakeText, after: IntakeText): EmailMessage {
  return {
    to,
    subject: `Your ${courseName(after)} has new dates or a new place`,
    text: `Hello,

The ${courseName(after)} you applied for has changed.

Before: ${when(before)}
Now: ${when(after)}

Your place is kept. If the new dates do not suit you, reply to this e-mail and we will move you to another intake
or cancel your application.

${signature}`,
  };
}

export function intakeCancelledEmail(
  to: string,
  intake: IntakeText,
  alternatives: readonly (IntakeText & { feeCents: number })[],
): EmailMessage {
  const options =
    alternatives.length === 0
      ? "There is no other intake of this course on the schedule yet: reply to this e-mail and we will tell you as soon as there is one."
      : `You can move to another intake of the same course; reply to this e-mail naming the one you want:\n${alternatives
          .map((other) => `- ${when(other)} (${formatCoursePrice(other.feeCents)})`)
          .join("\n")}`;
  return {
    to,
    subject: `Your ${courseName(intake)} on ${formatIntakeDates(intake)} is cancelled`,
    text: `Hello,

We are sorry: the ${courseName(intake)} on ${when(intake)} has been cancelled, and your place in it has ended.

${options}

If you paid towards this intake, we refund it in full or move it with you to the intake you choose.

${signature}`,
  };
}
