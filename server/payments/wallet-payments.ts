// Wallet (M-PAiSA) payments: the business rules. A payment is stored as pending under our own unique reference
// before the gateway is asked, so a crash or a hung gateway never loses track of money the payer may approve. A
// result (the gateway's status after the payer returns or while we poll, or staff confirming by hand) is applied
// exactly once: the event id is recorded in payment_events and the row only moves while it is still pending, both
// in one transaction, and no call to the gateway is ever made inside it.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SUBSCRIPTION } from "../../shared/constants";
import { WALLET_REFERENCE_PATTERN } from "../../shared/contracts/payments";
import { type MpaisaPaymentResponse, walletDaysFor } from "../../shared/payment";
import type { Db } from "../db/client";
import { paymentEvents, walletPayments } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { MpaisaError, type StartedPayment, type WalletGateway } from "../integrations/mpaisa";
import { readSettings } from "../settings/settings";
import { staffEmailAddress } from "../settings/staff-notifications";
import { walletReceipt, walletStaffNote } from "./emails";
import { addGrant } from "./entitlements";
import { recordSubscriberName } from "./subscription-rows";

type Executor = Pick<Db, "select" | "insert" | "update" | "execute">;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const REFERENCE_PATTERN = WALLET_REFERENCE_PATTERN;

/**
 * The prefix Settings hold now ("PSR-" until the owner changes it: ADR 056) and 10 random base32 characters: 50 bits,
 * so a reference cannot be guessed to read a payment's status.
 */
export async function newPaymentReference(db: Pick<Db, "select">): Promise<string> {
  const { referencePrefix } = await readSettings(db);
  const bytes = randomBytes(10);
  return `${referencePrefix}-${Array.from(bytes, (byte) => BASE32[byte & 31]).join("")}`;
}

/** The status message while the payer is on the gateway's payment page (the page's toast has its own fixed words). */
export const INITIATED_MESSAGE = "Approve the payment on the M-PAiSA payment page.";

export interface WalletPayer {
  /** Absent for a QR payment: the payer approves on the gateway's page, reached by scanning. */
  phone?: string | null;
  email: string;
  name?: string | null;
  amountCents: number;
  method?: "mobile" | "qr";
}

export interface WalletSettings {
  publicUrl: string;
}

/** Where the gateway sends the payer back after its payment page (server/payments/wallet-routes.ts). */
export const MPAISA_RETURN_PATH = "/api/mpaisa/return";

/** What the payment is for, as the gateway shows it and hashes it: made from the reference, so never stored apart. */
export function itemDetailFor(reference: string): string {
  return `${SUBSCRIPTION.name} (${reference})`;
}

export type MobilePaymentResponse = MpaisaPaymentResponse & { reference: string };

/**
 * Records the pending payment, then opens a request at the gateway, whose hosted payment page is the answer's
 * checkoutUrl. A handshake that fails opened nothing the payer could pay, so the payment is marked failed and the
 * error thrown: 402 when the gateway refused the payment, 502 when it failed us.
 */
export async function requestMobilePayment(
  app: FastifyInstance,
  gateway: WalletGateway,
  settings: WalletSettings,
  payer: WalletPayer,
): Promise<MobilePaymentResponse> {
  const reference = await newPaymentReference(app.db);
  const email = payer.email.toLowerCase();
  await app.db.insert(walletPayments).values({
    reference,
    method: payer.method ?? "mobile",
    email,
    name: payer.name ?? null,
    phone: payer.phone ?? null,
    amountCents: payer.amountCents,
  });

  let started: StartedPayment;
  try {
    started = await gateway.startPayment({
      reference,
      amountCents: payer.amountCents,
      itemDetail: itemDetailFor(reference),
      returnUrl: `${settings.publicUrl}${MPAISA_RETURN_PATH}`,
    });
  } catch (error) {
    if (error instanceof MpaisaError) await settleFailed(app.db, reference, error.message);
    throw error;
  }
  if (started.digestMatches === false) {
    // The formula is our reading of a public description (ADR 022): a mismatch tells the operator it needs
    // adapting, while the status call, not this digest, decides what is credited.
    app.log.warn({ reference, requestId: started.requestId }, "M-PAiSA handshake digest did not match ours");
  }
  await app.db
    .update(walletPayments)
    .set({
      providerTransactionId: started.requestId,
      checkoutUrl: started.checkoutUrl,
      payableUntil: started.payableUntil,
      message: INITIATED_MESSAGE,
    })
    .where(and(eq(walletPayments.reference, reference), eq(walletPayments.status, "pending")));
  return {
    reference,
    transactionId: started.requestId,
    status: "pending",
    message: INITIATED_MESSAGE,
    checkoutUrl: started.checkoutUrl,
  };
}

async function settleFailed(db: Db, reference: string, message: string) {
  await db
    .update(walletPayments)
    .set({ status: "failed", message, settledAt: sql`now()`, settledBy: "mpaisa" })
    .where(and(eq(walletPayments.reference, reference), eq(walletPayments.status, "pending")));
}

export interface WalletResult {
  reference: string;
  status: "completed" | "failed";
  /** The provider's id; a staff confirmation keeps whatever was recorded. */
  transactionId?: string;
  /** What was actually paid, when the provider says; otherwise the amount we asked for. */
  amountCents?: number;
  message?: string;
  /** payment_events id: the gateway's request and outcome, or the staff confirmation. */
  eventId: string;
  eventType: string;
  /** "mpaisa" for the gateway's status, the staff username for confirmations. */
  settledBy: string;
  /** Runs inside the transaction once the payment moved (the staff route audits here). */
  onApplied?: (tx: Executor, applied: AppliedPayment) => Promise<void>;
}

export interface AppliedPayment {
  email: string | null;
  /** What was credited: the provider's (or staff's) amount received. */
  amountCents: number;
  /** What the payer asked to pay when the payment was started. */
  requestedAmountCents: number;
  accessUntil: Date | null;
}

export type ApplyOutcome =
  | { outcome: "unknown" }
  | { outcome: "duplicate" | "not-pending"; status: string }
  | { outcome: "applied"; status: "completed" | "failed"; accessUntil: Date | null };

export async function applyWalletResult(app: FastifyInstance, result: WalletResult): Promise<ApplyOutcome> {
  const outcome = await app.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [payment] = await tx
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, result.reference))
      .limit(1);
    if (!payment) return { outcome: "unknown" };

    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: "mpaisa", eventId: result.eventId, type: result.eventType })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: "duplicate", status: payment.status };

    const completed = result.status === "completed";
    const paidCents = result.amountCents ?? payment.amountCents;
    const moved = await tx
      .update(walletPayments)
      .set({
        status: completed ? "completed" : "failed",
        providerTransactionId: result.transactionId ?? payment.providerTransactionId,
        amountCents: completed ? paidCents : payment.amountCents,
        message: result.message ?? (completed ? "Payment received." : "The payment was declined."),
        settledAt: sql`now()`,
        settledBy: result.settledBy,
      })
      .where(and(eq(walletPayments.id, payment.id), eq(walletPayments.status, "pending")))
      .returning({ id: walletPayments.id });
    if (moved.length === 0) return { outcome: "not-pending", status: payment.status };
    if (!completed) {
      await result.onApplied?.(tx, {
        email: payment.email,
        amountCents: payment.amountCents,
        requestedAmountCents: payment.amountCents,
        accessUntil: null,
      });
      return { outcome: "applied", status: "failed", accessUntil: null };
    }

    const days = walletDaysFor(paidCents);
    const accessUntil =
      payment.email && days > 0
        ? await extendAccess(tx, payment.email, days, { source: "wallet", sourceRef: payment.reference })
        : null;
    if (payment.email && accessUntil) await recordSubscriberName(tx, payment.email, payment.name);
    const paid = { ...payment, amountCents: paidCents, providerTransactionId: result.transactionId ?? null };
    const mails: EmailMessage[] = [];
    if (payment.email) mails.push(walletReceipt(paid, payment.email, accessUntil, app.env.PUBLIC_URL));
    // A payment with no e-mail to credit is left for staff to match by hand: they must hear of it.
    const staffEmail = payment.email ? null : await staffEmailAddress(tx, app.env);
    if (staffEmail) mails.push(walletStaffNote(paid, staffEmail, accessUntil));
    await enqueueEmails(tx, mails);
    await result.onApplied?.(tx, {
      email: payment.email,
      amountCents: paidCents,
      requestedAmountCents: payment.amountCents,
      accessUntil,
    });
    return { outcome: "applied", status: "completed", accessUntil };
  });
  if (outcome.outcome === "applied") app.outbox.kick();
  return outcome;
}

/**
 * The access rule: a wallet payment buys walletDaysFor(amount) days (the monthly price buys 30, smaller amounts
 * their share rounded up), as one grant of its own placed after whatever access already runs (entitlements.ts), so
 * no payment ever buys nothing and no other source can erase it.
 */
export async function extendAccess(
  tx: Executor,
  email: string,
  days: number,
  source: { source: "wallet" | "sandbox"; sourceRef: string },
): Promise<Date> {
  const until = await addGrant(tx, { email, days, ...source });
  if (!until) throw new Error("a grant of days left no access");
  return until;
}
