// The e-mail an applicant gets after cancelling their own place at /my-training.
import { COURSES, type CourseType } from "../../shared/constants";
import { formatFjd } from "../../shared/money-format";
import { formatIntakeDates } from "../../shared/training";
import { greeting, type Reader, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export function placeCancelledEmail(
  to: Reader,
  intake: { courseType: CourseType; startDate: string; endDate: string; location: string },
  money: { paidCents: number; refundCents: number },
  publicUrl: string,
): EmailMessage {
  const course = mailText`${COURSES[intake.courseType].title} course`;
  const refund =
    money.refundCents > 0
      ? mailText`Under our refund rules you get ${formatFjd(money.refundCents)} back. Our team approves the refund and sends it the way you paid.`
      : money.paidCents > 0
        ? "Under our refund rules nothing is refunded this close to the start."
        : "Nothing had been paid, so there is nothing to refund.";
  return {
    to: to.email,
    subject: mailText`Your place on the ${course} is cancelled`,
    text: mailText`${greeting(to.firstName)}

As you asked, your place on the ${course} (${formatIntakeDates(intake)}, ${intake.location}) is cancelled and
has been freed for the next person.

${refund}

If this was a mistake, reply to this e-mail and we will help if the place is still free. Your applications are
on the My training page:
${publicUrl}/my-training

${signature()}`,
  };
}
