// Staff's side of wallet payments: the list (pending, completed, failed, and "unmatched" money that named nobody),
// confirming a payment by hand from the M-PAiSA statement, and assigning an unmatched one to its subscriber. Each
// change is audited in the same transaction as the change itself.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { WALLET_LIST_FILTERS } from "../../shared/contracts/payments";
import { walletDaysFor } from "../../shared/payment";
import type { Db } from "../db/client";
import { newestFirstPage } from "../db/newest-first";
import { walletPayments } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { audit } from "../staff/audit";
import { walletReceipt } from "./emails";
import { addGrant } from "./entitlements";
import { type ApplyOutcome, applyWalletResult } from "./wallet-payments";

export type WalletListFilter = (typeof WALLET_LIST_FILTERS)[number];

/** Who did it and from where, for the audit log. */
export interface StaffAction {
  actor: string;
  ip: string;
}

export async function listWalletPayments(
  db: Db,
  query: { status?: WalletListFilter; limit: number; offset: number },
) {
  const { status, limit, offset } = query;
  // Unmatched: money received that names nobody, so nothing was credited yet.
  const where =
    status === "unmatched"
      ? and(eq(walletPayments.status, "completed"), isNull(walletPayments.email))
      : status
        ? eq(walletPayments.status, status)
        : undefined;
  const rows = db
    .select({
      reference: walletPayments.reference,
      method: walletPayments.method,
      email: walletPayments.email,
      name: walletPayments.name,
      phone: walletPayments.phone,
      amountCents: walletPayments.amountCents,
      status: walletPayments.status,
      providerTransactionId: walletPayments.providerTransactionId,
      message: walletPayments.message,
      createdAt: walletPayments.createdAt,
      settledAt: walletPayments.settledAt,
      settledBy: walletPayments.settledBy,
    })
    .from(walletPayments)
    .$dynamic();
  const list = {
    rows,
    table: walletPayments,
    where,
    newest: walletPayments.createdAt,
    id: walletPayments.id,
  };
  return newestFirstPage(db, list, { limit, offset });
}

export type AssignOutcome =
  | { outcome: "assigned"; accessUntil: Date }
  | { outcome: "unknown" }
  /** Only a completed payment that names nobody yet can be assigned. */
  | { outcome: "not-assignable" };

/** Names the subscriber an unmatched payment was for: they get its days of access and the receipt. */
export async function assignWalletPayment(
  app: FastifyInstance,
  reference: string,
  rawEmail: string,
  by: StaffAction,
): Promise<AssignOutcome> {
  const email = rawEmail.toLowerCase();
  const accessUntil = await app.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(walletPayments)
      .set({ email })
      .where(
        and(
          eq(walletPayments.reference, reference),
          eq(walletPayments.status, "completed"),
          isNull(walletPayments.email),
        ),
      )
      .returning();
    if (!payment) return null;
    const days = walletDaysFor(payment.amountCents);
    const until = await addGrant(tx, { email, source: "wallet", sourceRef: reference, days });
    await enqueueEmails(tx, [walletReceipt(payment, email, until, app.env.PUBLIC_URL)]);
    await audit(tx, {
      actor: by.actor,
      action: "wallet.assigned",
      subject: reference,
      details: { email, amountCents: payment.amountCents, days, accessUntil: until?.toISOString() ?? null },
      ip: by.ip,
    });
    return until;
  });
  if (accessUntil !== null) {
    app.outbox.kick();
    return { outcome: "assigned", accessUntil };
  }
  const [payment] = await app.db
    .select({ reference: walletPayments.reference })
    .from(walletPayments)
    .where(eq(walletPayments.reference, reference))
    .limit(1);
  return payment ? { outcome: "not-assignable" } : { outcome: "unknown" };
}

/** A payment staff found on the M-PAiSA statement: credited with what reached the merchant account. */
export function confirmWalletPayment(
  app: FastifyInstance,
  reference: string,
  received: { amountCents: number; receipt: string },
  by: StaffAction,
): Promise<ApplyOutcome> {
  const { amountCents, receipt } = received;
  return applyWalletResult(app, {
    reference,
    status: "completed",
    amountCents,
    transactionId: receipt,
    eventId: `staff:${reference}`,
    eventType: "staff.confirmed",
    // Shown on the payer's status panel: which staff member confirmed stays in the audit log.
    message: "Payment received.",
    settledBy: by.actor,
    onApplied: (tx, applied) =>
      audit(tx, {
        actor: by.actor,
        action: "wallet.confirmed",
        subject: reference,
        details: {
          email: applied.email,
          amountCents: applied.amountCents,
          requestedAmountCents: applied.requestedAmountCents,
          receipt,
          accessUntil: applied.accessUntil?.toISOString() ?? null,
        },
        ip: by.ip,
      }),
  });
}
