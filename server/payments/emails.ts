// The text of the payment e-mails: card receipts and failed renewals, staff's note of a card refund or dispute,
// wallet receipts, notes to staff about wallet payments that need a look, and the wallet renewal reminder.
import { COMPANY } from "../../shared/company";
import { formatMoney, SUBSCRIPTION } from "../../shared/constants";
import { formatFijiLongDate } from "../../shared/fiji-time";
import { signature } from "../intake/emails";
import { type MailText, mailText } from "../integrations/mail/mail-text";
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
    subject: mailText`Receipt: ${SUBSCRIPTION.name}, ${formatMoney(r.amountCents)}`,
    text: mailText`Bula,

Thank you: we have received your payment for ${SUBSCRIPTION.name}.

${r.number ? mailText`Invoice: ${r.number}\n` : ""}Amount paid: ${formatMoney(r.amountCents)} (VAT ${formatMoney(SUBSCRIPTION.vatCents)})
Period: ${formatFijiLongDate(r.periodStart)} to ${formatFijiLongDate(r.periodEnd)}
Payment method: card, renewed monthly until you cancel

Your premium documents are in the portal: ${r.portalUrl}
There you can also update your card, see past invoices or cancel.

${signature()}`,
  };
}

export function paymentFailedEmail(to: string, amountCents: number, portalUrl: string): EmailMessage {
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: mailText`Payment failed: ${SUBSCRIPTION.name}`,
    text: mailText`Bula,

We could not take the ${formatMoney(amountCents)} monthly payment for your ${SUBSCRIPTION.name} subscription, so
downloads are paused until it is paid.

Update your card in the portal and the payment will be retried: ${portalUrl}
Your bank may also have declined it; if so, a call to them usually sorts it out.

Questions? Reply to this e-mail or call ${COMPANY.phones[0].display}.

${signature()}`,
  };
}

export function formatFijiDate(date: Date): string {
  return formatFijiLongDate(date);
}

/** What a refund or a dispute did to a card payment (stripe-charges.ts decides which), as the audit log names it. */
export type CardChange =
  | "card.refunded"
  | "card.partially_refunded"
  | "card.dispute_won"
  | "card.dispute_lost"
  | "card.disputed";

export interface CardChangeNote {
  to: string;
  change: CardChange;
  subscriber: string;
  amountCents: number;
  refundedCents: number;
  period: { start: Date; end: Date };
  dispute: { id: string; status: string | null } | null;
  /** Until when the subscriber's other payments keep their access; null when they have none now. */
  accessUntil: Date | null;
}

function cardChangeWording(n: CardChangeNote): { title: string; text: MailText } {
  const access = n.accessUntil
    ? mailText`Other payments keep the subscriber's access until ${formatFijiDate(n.accessUntil)}.`
    : "The subscriber has no portal access now.";
  switch (n.change) {
    case "card.refunded":
      return {
        title: "Card payment refunded",
        text: mailText`A card payment was refunded in full, so the portal access it bought has ended. ${access}`,
      };
    case "card.partially_refunded":
      return {
        title: "Card payment partly refunded",
        text: mailText`Part of a card payment (${formatMoney(n.refundedCents)}) was refunded. Its portal access stays; end it on the staff dashboard if the refund was meant to.`,
      };
    case "card.dispute_won":
      return {
        title: "Card dispute won",
        text: mailText`The card holder's dispute was decided in our favour: the portal access the payment bought is restored. ${access}`,
      };
    case "card.dispute_lost":
      return {
        title: "Card dispute lost",
        text: mailText`The card holder's dispute was decided against us: the portal access the payment bought stays ended. ${access}`,
      };
    case "card.disputed":
      return {
        title: "Card payment disputed",
        text: mailText`The card holder disputed a payment with their bank. The portal access it bought is suspended until the dispute is decided; answer it in the Stripe dashboard before its deadline. ${access}`,
      };
  }
}

/** Staff hear of a refund or a dispute on a card payment, with where the subscriber's access stands now. */
export function cardChangeStaffNote(n: CardChangeNote): EmailMessage {
  const { title, text } = cardChangeWording(n);
  const dispute = n.dispute
    ? mailText`\nDispute: ${n.dispute.id}${n.dispute.status ? mailText` (${n.dispute.status})` : ""}`
    : "";
  return {
    to: n.to,
    subject: mailText`${title}: ${n.subscriber}, ${formatMoney(n.amountCents)}`,
    text: mailText`${text}

Subscriber: ${n.subscriber}
Card payment: ${formatMoney(n.amountCents)} for ${formatFijiDate(n.period.start)} to ${formatFijiDate(n.period.end)}
Refunded so far: ${formatMoney(n.refundedCents)}${dispute}
Portal access now: ${n.accessUntil ? mailText`until ${formatFijiDate(n.accessUntil)}` : "none"}

The subscriber's access is on the staff dashboard under Subscribers; the payment itself is in the Stripe dashboard.`,
  };
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
    ? mailText`Your ${SUBSCRIPTION.name} now runs until ${formatFijiDate(accessUntil)}. Open the portal: ${publicUrl}/portal`
    : "We could not match this payment to a subscriber yet. Our team has been told and will contact you.";
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: mailText`Receipt: ${formatMoney(p.amountCents)} paid by M-PAiSA (${p.reference})`,
    text: mailText`Bula${p.name ? mailText` ${p.name}` : ""},

Thank you for your payment.

Amount: ${formatMoney(p.amountCents)} (VAT ${formatMoney(SUBSCRIPTION.vatCents)})
For: ${SUBSCRIPTION.name}
Paid with: M-PAiSA${p.method === "qr" ? " (QR code)" : ""}
Reference: ${p.reference}${p.providerTransactionId ? mailText`\nM-PAiSA transaction: ${p.providerTransactionId}` : ""}

${access}

M-PAiSA payments do not renew by themselves: we will e-mail you a few days before your access ends.

${COMPANY.name}
${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`,
  };
}

export function walletStaffNote(p: PaidPayment, to: string, accessUntil: Date | null): EmailMessage {
  const why = accessUntil
    ? mailText`It was credited as portal access until ${formatFijiDate(accessUntil)}.`
    : "It was not turned into portal access: it carries no e-mail address. Assign it to a subscriber on the staff dashboard.";
  return {
    to,
    subject: mailText`M-PAiSA payment ${p.reference} needs a look: ${formatMoney(p.amountCents)}`,
    text: mailText`An M-PAiSA payment of ${formatMoney(p.amountCents)} was received (reference ${p.reference}${p.providerTransactionId ? mailText`, transaction ${p.providerTransactionId}` : ""}).

${why}

Grant or adjust access on the staff dashboard, or contact the payer about a refund.`,
  };
}

export function renewalReminder(to: string, periodEnd: Date, publicUrl: string): EmailMessage {
  return {
    to,
    replyTo: COMPANY.emails[0].address,
    subject: mailText`Your ${SUBSCRIPTION.name} ends on ${formatFijiDate(periodEnd)}`,
    text: mailText`Bula,

Your ${SUBSCRIPTION.name} (paid with M-PAiSA) ends on ${formatFijiDate(periodEnd)}. M-PAiSA payments do not renew by
themselves, so to keep downloading documents, pay for another month (${formatMoney(SUBSCRIPTION.priceCents)}) here:

${publicUrl}/mpaisa-payment

Paying before the end adds the month after your current end date, so you lose no days.

${COMPANY.name}
${COMPANY.phones[0].display} · ${COMPANY.emails[0].address}`,
  };
}
