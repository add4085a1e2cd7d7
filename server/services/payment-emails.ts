// The text of the card subscription e-mails: a receipt for each payment, and a warning when a renewal fails.
import { COMPANY } from "../../shared/company";
import { formatMoney, SUBSCRIPTION } from "../../shared/constants";
import { signature } from "./emails";
import type { EmailMessage } from "./mailer";

// Subscribers are in Fiji: dates as they read them there, whatever the server's zone.
const fijiDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Pacific/Fiji" });

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
Period: ${fijiDate.format(r.periodStart)} to ${fijiDate.format(r.periodEnd)}
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
