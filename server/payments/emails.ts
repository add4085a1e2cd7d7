// The text of the payment e-mails: card receipts and failed renewals, staff's note of a card refund or dispute,
// wallet receipts (and the sandbox card's, which buys days the same way), notes to staff about wallet payments that
// need a look, and the wallet renewal reminder. Subscribers' payment questions go to the support address the owner
// sets in Settings, as the payment pages say; the closing lines are every e-mail's signature.
import { COMPANY } from "../../shared/company";
import { SUBSCRIPTION } from "../../shared/constants";
import { formatFijiLongDate } from "../../shared/fiji-time";
import { formatFjd } from "../../shared/money-format";
import { firstNameOf, greeting, type Reader, signature } from "../intake/emails";
import { type MailText, mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

export interface Receipt {
  to: string;
  /** The subscriber's first name, when known (portal users.firstName). */
  firstName: string | null;
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
    replyTo: COMPANY.supportEmail,
    subject: mailText`Receipt: ${SUBSCRIPTION.name}, ${formatFjd(r.amountCents)}`,
    text: mailText`${greeting(r.firstName)}

Thank you: we have received your payment for ${SUBSCRIPTION.name}.

${r.number ? mailText`Invoice: ${r.number}\n` : ""}Amount paid: ${formatFjd(r.amountCents)} (VAT ${formatFjd(SUBSCRIPTION.vatCents)})
Period: ${formatFijiLongDate(r.periodStart)} to ${formatFijiLongDate(r.periodEnd)}
Payment method: card, renewed monthly until you cancel

Your premium documents are in the portal, where you can also update your card, see past invoices or cancel:
${r.portalUrl}

${signature()}`,
  };
}

export function paymentFailedEmail(to: Reader, amountCents: number, portalUrl: string): EmailMessage {
  return {
    to: to.email,
    replyTo: COMPANY.supportEmail,
    subject: mailText`Payment failed: ${SUBSCRIPTION.name}`,
    text: mailText`${greeting(to.firstName)}

We could not take the ${formatFjd(amountCents)} monthly payment for your ${SUBSCRIPTION.name} subscription, so
downloads are paused until it is paid.

Update your card in the portal and the payment will be retried:
${portalUrl}

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
        text: mailText`Part of a card payment (${formatFjd(n.refundedCents)}) was refunded. Its portal access stays; end it on the staff dashboard if the refund was meant to.`,
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
    subject: mailText`${title}: ${n.subscriber}, ${formatFjd(n.amountCents)}`,
    text: mailText`${greeting()}

${text}

Subscriber: ${n.subscriber}
Card payment: ${formatFjd(n.amountCents)} for ${formatFijiDate(n.period.start)} to ${formatFijiDate(n.period.end)}
Refunded so far: ${formatFjd(n.refundedCents)}${dispute}
Portal access now: ${n.accessUntil ? mailText`until ${formatFijiDate(n.accessUntil)}` : "none"}

The subscriber's access is on the staff dashboard under Subscribers; the payment itself is in the Stripe dashboard.`,
  };
}

export interface PaidPayment {
  reference: string;
  /** An M-PAiSA payment (by phone or QR code), or the sandbox card form's simulated one (sandbox-card-routes.ts). */
  method: "mobile" | "qr" | "card";
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
    ? mailText`Your ${SUBSCRIPTION.name} now runs until ${formatFijiDate(accessUntil)}. Open the portal:\n${publicUrl}/portal`
    : "We could not match this payment to a subscriber yet. Our team has been told and will contact you.";
  const card = p.method === "card";
  const paidWith = card
    ? "card (sandbox: no money was taken)"
    : p.method === "qr"
      ? "M-PAiSA (QR code)"
      : "M-PAiSA";
  // Only wallet subscriptions get the reminder (wallet-reminders.ts); a sandbox card payment is a one-off grant.
  const renewal = card
    ? "This payment does not renew by itself: pay again before your access ends to keep downloading."
    : "M-PAiSA payments do not renew by themselves: we will e-mail you a few days before your access ends.";
  return {
    to,
    replyTo: COMPANY.supportEmail,
    subject: mailText`Receipt: ${formatFjd(p.amountCents)} paid by ${card ? "card" : "M-PAiSA"} (${p.reference})`,
    text: mailText`${greeting(firstNameOf(p.name))}

Thank you for your payment.

Amount: ${formatFjd(p.amountCents)} (VAT ${formatFjd(SUBSCRIPTION.vatCents)})
For: ${SUBSCRIPTION.name}
Paid with: ${paidWith}
Reference: ${p.reference}${p.providerTransactionId ? mailText`\nM-PAiSA transaction: ${p.providerTransactionId}` : ""}

${access}

${renewal}

Questions about this payment? Reply to this e-mail or write to ${COMPANY.supportEmail}.

${signature()}`,
  };
}

export function walletStaffNote(p: PaidPayment, to: string, accessUntil: Date | null): EmailMessage {
  const why = accessUntil
    ? mailText`It was credited as portal access until ${formatFijiDate(accessUntil)}.`
    : "It was not turned into portal access: it carries no e-mail address. Assign it to a subscriber on the staff dashboard.";
  return {
    to,
    subject: mailText`M-PAiSA payment ${p.reference} needs a look: ${formatFjd(p.amountCents)}`,
    text: mailText`${greeting()}

An M-PAiSA payment of ${formatFjd(p.amountCents)} was received (reference ${p.reference}${p.providerTransactionId ? mailText`, transaction ${p.providerTransactionId}` : ""}).

${why}

Grant or adjust access on the staff dashboard, or contact the payer about a refund.`,
  };
}

export function renewalReminder(to: Reader, periodEnd: Date, publicUrl: string): EmailMessage {
  return {
    to: to.email,
    replyTo: COMPANY.supportEmail,
    subject: mailText`Your ${SUBSCRIPTION.name} ends on ${formatFijiDate(periodEnd)}`,
    text: mailText`${greeting(to.firstName)}

Your ${SUBSCRIPTION.name} (paid with M-PAiSA) ends on ${formatFijiDate(periodEnd)}. M-PAiSA payments do not renew by
themselves, so to keep downloading documents, pay for another month (${formatFjd(SUBSCRIPTION.priceCents)}) here:

${publicUrl}/mpaisa-payment

Paying before the end adds the month after your current end date, so you lose no days.

Questions about paying? Reply to this e-mail or write to ${COMPANY.supportEmail}.

${signature()}`,
  };
}
