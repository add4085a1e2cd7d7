// The e-mail that tells staff, once a Fiji day, that the daily cap on SMS parts is reached (issue 34): what waits,
// when it goes, and the setting that raises the cap.
import { signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export function textCapEmail(to: string, cap: number, waiting: number, dashboardUrl: string): EmailMessage {
  const texts = waiting === 1 ? "1 text is" : mailText`${waiting} texts are`;
  return {
    to,
    subject: mailText`Texts: today's limit of ${cap} SMS parts is reached`,
    text: mailText`Bula,

The site sent ${cap} SMS parts today (Fiji time), the daily limit, so it sends no more texts today. ${texts}
waiting; they go tomorrow from 08:00 Fiji time. A text about a deadline that would then be less than 2 hours away
is dropped instead (its e-mail has already gone).

E-mails are not affected. To raise the limit, set SMS_DAILY_SEGMENT_CAP in the site's configuration and restart
it. The texts are listed on the dashboard, under Texts: ${dashboardUrl}

${signature()}`,
  };
}
