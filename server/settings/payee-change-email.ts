// The e-mail every owner gets when the bank or M-PAiSA payee details change (ADR 051): where customers' money goes is
// the one setting a thief would change, so each owner learns what changed, by whom and when, and can undo it.
// Account numbers show their last 4 digits only: the e-mail may be read on a shared phone.
import type { CompanySettings } from "../../shared/company-settings";
import { fijiDateAndTime, formatFijiLongDate } from "../../shared/fiji-time";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

type Payee = Pick<CompanySettings, "bank" | "mpaisa">;

const FIELDS: { label: string; read: (payee: Payee) => string; masked?: boolean }[] = [
  { label: "Bank", read: (payee) => payee.bank.bank },
  { label: "Account name", read: (payee) => payee.bank.accountName },
  { label: "Account number", read: (payee) => payee.bank.accountNumber, masked: true },
  { label: "Branch or BSB", read: (payee) => payee.bank.branch },
  { label: "SWIFT code", read: (payee) => payee.bank.swift },
  { label: "M-PAiSA merchant name", read: (payee) => payee.mpaisa.merchantName },
  { label: "M-PAiSA merchant number", read: (payee) => payee.mpaisa.merchantNumber, masked: true },
];

/** "•••• 4821": only the last 4 digits of an account number. */
export function maskAccountNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  return mailText`•••• ${digits.slice(-4)}`;
}

/** Each payee field that differs, as "Label: from → to" lines (account numbers masked). */
export function payeeChanges(before: Payee, after: Payee): string[] {
  return FIELDS.filter((field) => field.read(before) !== field.read(after)).map((field) => {
    const show = (value: string) => (field.masked ? maskAccountNumber(value) : value);
    return mailText`${field.label}: ${show(field.read(before))} → ${show(field.read(after))}`;
  });
}

export interface PayeeChangeEmail {
  to: string;
  /** The owner's first name when known; staff accounts have none today, so "Bula," it is. */
  firstName: string | null;
  companyName: string;
  changedBy: string;
  changedAt: Date;
  changes: string[];
  dashboardUrl: string;
}

export function payeeChangeEmail(message: PayeeChangeEmail): EmailMessage {
  const greeting = message.firstName ? mailText`Bula ${message.firstName},` : "Bula,";
  const when = mailText`${formatFijiLongDate(message.changedAt)} at ${fijiDateAndTime(message.changedAt).time}`;
  return {
    to: message.to,
    subject: mailText`Payment details changed on the ${message.companyName} website`,
    text: mailText`${greeting}

${message.changedBy} changed where customers pay ${message.companyName} on ${when} (Fiji time):

${message.changes.join("\n")}

Every owner receives this e-mail. If you did not expect the change, sign in at ${message.dashboardUrl}, put the right details back under Settings, and change the password of the account that made it.

${message.companyName}`,
  };
}
