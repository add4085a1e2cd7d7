// The text of the payment e-mails: card receipts and failed renewals, wallet receipts, notes to staff about wallet
// payments that need a look, and the wallet renewal reminder.
import { COMPANY } from "../../shared/company";
import { formatMoney, SUBSCRIPTION } from "../../shared/constants";
import { formatFijiLongDate } from "../../shared/fiji-time";
import { signature } from "../intake/emails";
import type { EmailMessage } from "../integrations/mail/mailer";

export interface Receipt {
  to: string;
  amountCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** Stripe's invoice number, when it has one. */
  number: string | null;
  portalUrl: string;
}

export function paymentReceipt(r: Receipt): EmailMessage {
  return {
    to: r.to,
    subject: `Receipt: ${SUBSCRIPTION.name}, ${formatMoney(r.amountCents)}`,
    text: `Bula,

Thank you: we have received your payment for ${SUBSCRIPTION.name}.

${r.number ? `Invoice: ${r.number}\n` : ""}Amount paid: ${formatMoney(r.amountCents)} (VAT ${formatMoney(SUBSCRIPTION.vatCents)})
Period: ${formatFijiLongDate(r.periodStart)} to ${formatFijiLongDate(r.periodEnd)}
Payment method: card, renewed monthly until you cancel

Your premium documents are in the portal: ${r.portalUrl}
There you can also update your card, see past invoices or cancel.

${signature}`,
  };
}

export function paymentFailedEmail(to: string, amountCents: number, portalUrl: string): EmailMessage {
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: `Payment failed: ${SUBSCRIPTION.name}`,
    text: `Bula,

We could not take the ${formatMoney(amountCents)} monthly payment for your ${SUBSCRIPTION.name} subscription, so
downloads are paused until it is paid.

Update your card in the portal and the payment will be retried: ${portalUrl}
Your bank may also have declined it; if so, a call to them usually sorts it out.

Questions? Reply to this e-mail or call ${COMPANY.phones[0].display}.

${signature}`,
  };
}

export function formatFijiDate(date: Date): string {
  return formatFijiLongDate(date);
}

export interface PaidPayment {
  reference: string;
  method: "mobile" | "qr";
  name: string | null;
  amountCents: number;
  providerTransactionId: string | null;
}

export function walletReceipt(
  p: PaidPayment,
  to: string,
  accessUntil: Date | null,
  publicUrl: string,
): EmailMessage {
  const access = accessUntil
    ? `Your ${SUBSCRIPTION.name} now runs until ${formatFijiDate(accessUntil)}. Open the portal: ${publicUrl}/portal`
    : `We could not match this payment to a subscriber yet. Our team has been told and will contact you.`;
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: `Receipt: ${formatMoney(p.amountCents)} paid by M-PAiSA (${p.reference})`,
    text: `Bula${p.name ? ` ${p.name}` : ""},

Thank you for your payment.

Amount: ${formatMoney(p.amountCents)} (VAT ${formatMoney(SUBSCRIPTION.vatCents)})
For: ${SUBSCRIPTION.name}
Paid with: M-PAiSA${p.method === "qr" ? " (QR code)" : ""}
Reference: ${p.reference}${p.providerTransactionId ? `\nM-PAiSA transaction: ${p.providerTransactionId}` : ""}

${access}

M-PAiSA payments do not renew by themselves: we will e-mail you a few days before your access ends.

${COMPANY.name}
${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`,
  };
}

export function walletStaffNote(p: PaidPayment, to: string, accessUntil: Date | null): EmailMessage {
  const why = accessUntil
    ? `It was credited as portal access until ${formatFijiDate(accessUntil)}.`
    : "It was not turned into portal access: it carries no e-mail address. Assign it to a subscriber on the staff dashboard.";
  return {
    to,
    subject: `M-PAiSA payment ${p.reference} needs a look: ${formatMoney(p.amountCents)}`,
    text: `An M-PAiSA payment of ${formatMoney(p.amountCents)} was received (reference ${p.reference}${p.providerTransactionId ? `, transaction ${p.providerTransactionId}` : ""}).

${why}

Grant or adjust access on the staff dashboard, or contact the payer about a refund.`,
  };
}

export function renewalReminder(to: string, periodEnd: Date, publicUrl: string): EmailMessage {
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: `Your ${SUBSCRIPTION.name} ends on ${formatFijiDate(periodEnd)}`,
    text: `Bula,

Your ${SUBSCRIPTION.name} (paid with M-PAiSA) ends on ${formatFijiDate(periodEnd)}. M-PAiSA payments do not renew by
themselves, so to keep downloading documents, pay for another month (${formatMoney(SUBSCRIPTION.priceCents)}) here:

${publicUrl}/mpaisa-payment

Paying before the end adds the month after your current end date, so you lose no days.

${COMPANY.name}
${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`,
  };
}
