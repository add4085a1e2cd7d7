// Course fees: what each place paid (card, M-PAiSA, bank transfer, cash, or waived by staff) and the refunds asked
// for it. Money is in cents (FJD), VAT included in the amount and shown apart on the receipt.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import {
  COURSE_PAYMENT_KINDS,
  COURSE_PAYMENT_METHODS,
  COURSE_PAYMENT_STATUSES,
  type CoursePaymentKind,
  type CoursePaymentMethod,
  type CoursePaymentStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from "../../../shared/course-payment";
import { createdAt, emailAddress, instant, serialId } from "./columns";
import { enrollments } from "./intake";
import { intakes, seats } from "./training";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * One payment towards one place. A row is written as pending before any provider is asked (our reference is the
 * idempotency key at Stripe and the transaction id at M-PAiSA), then settled once by the provider's answer. A
 * payment the provider reports for no known place keeps seat, enrollment and intake empty: it is recorded so staff
 * can refund it.
 */
export const coursePayments = pgTable(
  "course_payments",
  {
    id: serialId(),
    /** Ours: "CFP-" and 10 random base32 characters. */
    reference: varchar("reference", { length: 40 }).notNull().unique(),
    seatId: integer("seat_id").references(() => seats.id),
    enrollmentId: integer("enrollment_id").references(() => enrollments.id),
    intakeId: integer("intake_id").references(() => intakes.id),
    email: emailAddress(),
    kind: varchar("kind", { length: 10 }).$type<CoursePaymentKind>().notNull(),
    method: varchar("method", { length: 10 }).$type<CoursePaymentMethod>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull().default(0),
    status: varchar("status", { length: 10 }).$type<CoursePaymentStatus>().notNull().default("pending"),
    /** Stripe's payment intent, or M-PAiSA's request id: unique, so one provider payment settles one row. */
    providerReference: varchar("provider_reference", { length: 100 }).unique(),
    /** The receipt: M-PAiSA's, the bank's or the cash book's number, or ours for card payments. */
    receiptNumber: varchar("receipt_number", { length: 100 }),
    /** The staff member who recorded a bank, cash or waived payment. */
    recordedBy: varchar("recorded_by", { length: 100 }),
    /** Why staff confirmed without payment, or what the provider said about a failure. */
    note: varchar("note", { length: 500 }),
    checkoutUrl: varchar("checkout_url", { length: 2000 }),
    payableUntil: instant("payable_until"),
    lastCheckedAt: instant("last_checked_at"),
    paidAt: instant("paid_at"),
    /** A card payment the payer disputed with their bank: Stripe's dispute and its status (the place is flagged). */
    disputeId: varchar("dispute_id", { length: 100 }),
    disputeStatus: varchar("dispute_status", { length: 40 }),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("course_payments_seat_idx").on(t.seatId),
    index("course_payments_intake_idx").on(t.intakeId, t.status),
    check("course_payments_kind_check", sql`${t.kind} in (${inList(COURSE_PAYMENT_KINDS)})`),
    check("course_payments_method_check", sql`${t.method} in (${inList(COURSE_PAYMENT_METHODS)})`),
    check("course_payments_status_check", sql`${t.status} in (${inList(COURSE_PAYMENT_STATUSES)})`),
    check("course_payments_amount_check", sql`${t.amountCents} >= 0 and ${t.vatCents} >= 0`),
  ],
);

/** A refund asked for a payment: by a cancellation under the refund rules, a double payment, or a stray one. */
export const courseRefunds = pgTable(
  "course_refunds",
  {
    id: serialId(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => coursePayments.id),
    amountCents: integer("amount_cents").notNull(),
    reason: varchar("reason", { length: 500 }).notNull(),
    status: varchar("status", { length: 10 }).$type<RefundStatus>().notNull().default("requested"),
    /** Stripe's refund id, or the M-PAiSA reversal's (or bank's) receipt number. */
    refundReference: varchar("refund_reference", { length: 100 }),
    /**
     * "site": asked and decided here. "provider": made at the card provider itself (a refund in Stripe's dashboard,
     * a dispute lost), recorded as Stripe reports it, with Stripe's refund or dispute id as its reference.
     */
    origin: varchar("origin", { length: 10 }).$type<"site" | "provider">().notNull().default("site"),
    decidedBy: varchar("decided_by", { length: 100 }),
    decidedAt: instant("decided_at"),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One live refund asked here per payment: a repeated webhook or cancellation asks once. Refunds made at the
    // card provider are as many as it reports, each once (its refund or dispute id).
    uniqueIndex("course_refunds_one_live_idx")
      .on(t.paymentId)
      .where(sql`${t.status} in ('requested', 'approved', 'refunded') and ${t.origin} = 'site'`),
    uniqueIndex("course_refunds_provider_idx").on(t.refundReference).where(sql`${t.origin} = 'provider'`),
    check("course_refunds_origin_check", sql`${t.origin} in ('site', 'provider')`),
    check("course_refunds_status_check", sql`${t.status} in (${inList(REFUND_STATUSES)})`),
    check("course_refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);
