// Wallet (M-PAiSA) payments: the business rules. A payment is stored as pending under our own unique reference
// before the provider is asked, so a crash or a hung provider never loses track of money the payer may approve.
// A result (the provider's callback, or staff confirming by hand) is applied exactly once: the event id is recorded
// in payment_events and the row only moves while it is still pending, both in one transaction.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SUBSCRIPTION } from "../../shared/constants";
import { type MpaisaPaymentResponse, walletDaysFor } from "../../shared/payment";
import type { Db } from "../db/client";
import { paymentEvents, walletPayments } from "../db/schema";
import { addGrant } from "./entitlements";
import type { EmailMessage } from "./mailer";
import { MpaisaError, type WalletGateway } from "./mpaisa";
import { centsToWireAmount, type MpaisaFinalStatus } from "./mpaisa-wire";
import { enqueueEmails } from "./outbox";
import { walletReceipt, walletStaffNote } from "./payment-emails";

type Executor = Pick<Db, "select" | "insert" | "update" | "execute">;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const REFERENCE_PATTERN = /^PSR-[A-Z2-7]{10}$/;

/** "PSR-" and 10 random base32 characters: 50 bits, so a reference cannot be guessed to read a payment's status. */
export function newPaymentReference(): string {
  const bytes = randomBytes(10);
  return `PSR-${Array.from(bytes, (byte) => BASE32[byte & 31]).join("")}`;
}

export const INITIATED_MESSAGE = "Please complete the payment in your mPaisa app.";

export interface WalletPayer {
  /** Absent for a QR payment: the payer approves on the gateway's page, reached by scanning. */
  phone?: string | null;
  email: string;
  name?: string | null;
  amountCents: number;
  method?: "mobile" | "qr";
}

export interface WalletSettings {
  merchantId: string;
  publicUrl: string;
}

export type MobilePaymentResponse = MpaisaPaymentResponse & { reference: string };

/**
 * Records the pending payment, then asks the provider. A decline marks it failed and throws (402); a provider that
 * fails or hangs leaves it pending (a late callback, or staff, can still complete it) and throws (502).
 */
export async function requestMobilePayment(
  app: FastifyInstance,
  gateway: WalletGateway,
  settings: WalletSettings,
  payer: WalletPayer,
): Promise<MobilePaymentResponse> {
  const reference = newPaymentReference();
  const email = payer.email.toLowerCase();
  await app.db.insert(walletPayments).values({
    reference,
    method: payer.method ?? "mobile",
    email,
    name: payer.name ?? null,
    phone: payer.phone ?? null,
    amountCents: payer.amountCents,
  });

  let answer: Awaited<ReturnType<WalletGateway["requestPayment"]>>;
  try {
    answer = await gateway.requestPayment({
      merchantId: settings.merchantId,
      reference,
      amount: centsToWireAmount(payer.amountCents),
      currency: "FJD",
      customerPhone: payer.phone ?? undefined,
      customerEmail: email,
      customerName: payer.name ?? email,
      description: `${SUBSCRIPTION.name} (${reference})`,
      callbackUrl: `${settings.publicUrl}/api/mpaisa/callback`,
      returnUrl: `${settings.publicUrl}/mpaisa-payment?reference=${reference}`,
    });
  } catch (error) {
    if (!(error instanceof MpaisaError)) throw error;
    if (error.kind === "declined") await settle(app.db, reference, "failed", error.message);
    else await noteWhilePending(app.db, reference, { message: error.message });
    throw error;
  }

  if (answer.status === "DECLINED" || answer.status === "FAILED") {
    const message = `M-PAiSA declined the payment: ${answer.message ?? "no reason given"}`;
    await settle(app.db, reference, "failed", message, answer.transactionId);
    throw new MpaisaError(message, "declined");
  }
  const message = answer.message ?? INITIATED_MESSAGE;
  await noteWhilePending(app.db, reference, { transactionId: answer.transactionId, message });
  return {
    reference,
    transactionId: answer.transactionId,
    status: "pending",
    message,
    checkoutUrl: answer.checkoutUrl ?? null,
  };
}

async function noteWhilePending(
  db: Db,
  reference: string,
  note: { transactionId?: string; message: string },
) {
  // The callback may have landed first; it wins.
  await db
    .update(walletPayments)
    .set({ providerTransactionId: note.transactionId, message: note.message })
    .where(and(eq(walletPayments.reference, reference), eq(walletPayments.status, "pending")));
}

async function settle(db: Db, reference: string, status: "failed", message: string, transactionId?: string) {
  await db
    .update(walletPayments)
    .set({
      status,
      message,
      providerTransactionId: transactionId,
      settledAt: sql`now()`,
      settledBy: "mpaisa",
    })
    .where(and(eq(walletPayments.reference, reference), eq(walletPayments.status, "pending")));
}

export interface WalletResult {
  reference: string;
  status: MpaisaFinalStatus;
  /** The provider's id; a staff confirmation keeps whatever was recorded. */
  transactionId?: string;
  /** What was actually paid, when the provider says; otherwise the amount we asked for. */
  amountCents?: number;
  message?: string;
  /** payment_events id: the provider's transaction and status, or the staff confirmation. */
  eventId: string;
  eventType: string;
  /** "mpaisa" for callbacks, the staff username for confirmations. */
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

    const completed = result.status === "COMPLETED";
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
    const paid = { ...payment, amountCents: paidCents, providerTransactionId: result.transactionId ?? null };
    const mails: EmailMessage[] = [];
    if (payment.email) mails.push(walletReceipt(paid, payment.email, accessUntil, app.env.PUBLIC_URL));
    const staffEmail = app.env.STAFF_EMAIL;
    if (staffEmail && !payment.email) {
      mails.push(walletStaffNote(paid, staffEmail, accessUntil));
    }
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
