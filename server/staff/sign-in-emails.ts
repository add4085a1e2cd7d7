// The e-mail to a staff member whose username strangers' wrong passwords have paused (ADR 050): what happened,
// that their own browsers still sign in, and who to ask. At most one an hour per account (sign-in-notices.ts).
import { COMPANY } from "../../shared/company";
import { fijiDateAndTime, formatFijiLongDate } from "../../shared/fiji-time";
import { type MailText, mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export interface SignInPausedEmail {
  to: string;
  username: string;
  /** Wrong passwords for the username within the window, and the distinct addresses they came from. */
  failures: number;
  addresses: number;
  windowMinutes: number;
  at: Date;
  /** Whether the account is an owner itself. */
  owner: boolean;
  /** The site's other enabled owners, to ask for help. */
  otherOwners: { username: string; email: string | null }[];
}

const plural = (n: number, one: string, many: string) => mailText`${n} ${n === 1 ? one : many}`;

function whoToAsk(email: SignInPausedEmail): MailText {
  const owners = email.otherOwners.map((o) => (o.email ? mailText`${o.username} (${o.email})` : o.username));
  if (owners.length > 0) {
    const who = owners.length === 1 ? "the site's owner" : "one of the site's owners";
    return mailText`If anything here worries you, or you cannot sign in, ask ${who}: ${owners.join(", ")}.`;
  }
  if (email.owner) {
    return mailText`As the site's owner, you can always get back in on the server: \`npm run admin -- set-password ${email.username}\` sets a new password.`;
  }
  return mailText`If anything here worries you, or you cannot sign in, write to ${COMPANY.emails[0].address}.`;
}

export function signInPausedEmail(email: SignInPausedEmail): EmailMessage {
  const { time } = fijiDateAndTime(email.at);
  return {
    to: email.to,
    subject: mailText`Sign-in to the ${COMPANY.name} staff dashboard paused for strangers`,
    text: mailText`Bula,

${plural(email.failures, "wrong password was", "wrong passwords were")} tried for your staff username "${email.username}" in the ${email.windowMinutes} minutes before ${time} on ${formatFijiLongDate(email.at)} (Fiji time), from ${plural(email.addresses, "address", "different addresses")}. None of them got in.

To slow the guessing down, sign-in with your username is paused for a few minutes at a time for browsers that have never signed in to your account. The browsers where you have signed in before still sign in as usual with your password, so you can carry on working.

If it was you, there is nothing to do. If it was not, someone is guessing your password: a long password that you use nowhere else and two-factor sign-in (Account security in the dashboard) keep them out.

${whoToAsk(email)}

${COMPANY.name}`,
  };
}
