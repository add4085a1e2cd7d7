// The invitation e-mail an owner's invite sends. It holds a link that creates an account, so it is sensitive: the
// outbox keeps no copy of its body once sent.
import { COMPANY } from "../../shared/company";
import { fijiDateAndTime, formatFijiLongDate } from "../../shared/fiji-time";
import type { StaffRole } from "../../shared/staff-accounts";
import { greeting, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export interface InviteEmail {
  to: string;
  role: StaffRole;
  invitedBy: string;
  link: string;
  expiresAt: Date;
}

export function inviteEmail(invite: InviteEmail): EmailMessage {
  const time = fijiDateAndTime(invite.expiresAt).time;
  const what =
    invite.role === "owner"
      ? "as an owner: you will manage staff accounts, settings and refunds as well as the day-to-day work"
      : "as staff: you will handle enrollments, messages, payments and the other day-to-day work";
  return {
    to: invite.to,
    subject: mailText`You are invited to the ${COMPANY.name} staff dashboard`,
    sensitive: true,
    text: mailText`${greeting()}

${invite.invitedBy} has invited you to the ${COMPANY.name} staff dashboard ${what}.

To accept, open this link and choose your username and password:

${invite.link}

The link works once, until ${formatFijiLongDate(invite.expiresAt)} at ${time} (Fiji time). If you did not expect this invitation, you
can ignore this e-mail: nothing happens unless the link is opened and the form on that page is sent.

${signature()}`,
  };
}
