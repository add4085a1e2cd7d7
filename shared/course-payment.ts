// Course-fee payments: the words, kinds and contracts shared by the payment page, the server and staff's screens.
// Money is in cents (FJD); the fee includes VAT, which receipts show apart.
import * as z from "zod/mini";
import { COURSE_TYPES } from "./constants";
import { requiredText } from "./fields";
import { SEAT_STATES } from "./training";
import { timestamp } from "./wire";

export const COURSE_PAYMENT_KINDS = ["deposit", "full", "balance", "bank", "cash", "waived"] as const;
export type CoursePaymentKind = (typeof COURSE_PAYMENT_KINDS)[number];
export const COURSE_PAYMENT_METHODS = ["card", "mpaisa", "bank", "cash", "none"] as const;
export type CoursePaymentMethod = (typeof COURSE_PAYMENT_METHODS)[number];
export const COURSE_PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type CoursePaymentStatus = (typeof COURSE_PAYMENT_STATUSES)[number];
export const REFUND_STATUSES = ["requested", "approved", "refunded", "rejected"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a payer may choose to pay online. */
export const PAYABLE_KINDS = ["deposit", "full", "balance"] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

export const OFFER_EXPIRED_MESSAGE =
  "This offer has expired: the place is no longer held for you, so nothing was charged. Reply to your offer e-mail or apply again and we will help.";
export const PLACE_NOT_PAYABLE_MESSAGE = "This place has nothing to pay now.";
export const PAY_LINK_INVALID_MESSAGE =
  "This payment link is not valid. Use the link in your offer e-mail, or sign in at /my-training.";
export const COURSE_CARD_NOT_CONFIGURED = "Card payments are not configured yet. Please pay with M-PAiSA.";
export const COURSE_WALLET_NOT_CONFIGURED = "M-PAiSA payments are not configured yet. Please pay by card.";

/** The VAT part of an amount that includes VAT at `percent`. */
export function vatIncluded(amountCents: number, percent: number): number {
  return percent <= 0 ? 0 : Math.round((amountCents * percent) / (100 + percent));
}

/** The token of the offer e-mail's pay link, and (for staff tools) nothing else: the place is in the path. */
export const PayTokenQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(200))) });

/** One thing the payer can pay now. */
export const PayOptionSchema = z.object({
  kind: z.enum(PAYABLE_KINDS),
  amountCents: z.number(),
  vatCents: z.number(),
});
export type PayOption = z.output<typeof PayOptionSchema>;

/** GET /api/training/places/:id/payment: the place, what it owes and until when. */
export const PlacePaymentSchema = z.object({
  placeId: z.number(),
  state: z.enum(SEAT_STATES),
  courseType: z.enum(COURSE_TYPES),
  courseTitle: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  intakeCancelled: z.boolean(),
  feeCents: z.number(),
  depositCents: z.nullable(z.number()),
  vatPercent: z.number(),
  paidCents: z.number(),
  dueCents: z.number(),
  /** The offer's deadline while the place is offered. */
  offerExpiresAt: z.nullable(timestamp),
  offerExpired: z.boolean(),
  /** When a deposit leaves a balance: the day it is due (a Fiji date); null when the offer asks the full fee. */
  balanceDueDate: z.nullable(z.string()),
  /** The intake takes a deposit, but the course is too near for one: the offer asks the full fee by its deadline. */
  fullFeeDue: z.boolean(),
  /** The refund rule as this intake's dates (shared/refund-rule.ts): the pay page states it before paying. */
  refundRule: z.object({
    fullUntil: z.string(),
    partialUntil: z.nullable(z.string()),
    partialPercent: z.number(),
  }),
  /** What can be paid now (empty when nothing can). */
  options: z.array(PayOptionSchema),
  /** Why nothing can be paid, in words for the payer. */
  message: z.nullable(z.string()),
  card: z.boolean(),
  wallet: z.boolean(),
  stripePublishableKey: z.nullable(z.string()),
});
export type PlacePayment = z.input<typeof PlacePaymentSchema>;

/** POST /api/training/places/:id/payment */
export const StartCoursePaymentSchema = z.object({
  token: z.optional(z.string().check(z.maxLength(200))),
  kind: z.enum(PAYABLE_KINDS, { error: "Choose the deposit, the full fee or the balance" }),
  method: z.enum(["card", "mpaisa"], { error: "Choose card or M-PAiSA" }),
});
export type StartCoursePayment = z.output<typeof StartCoursePaymentSchema>;

export const StartedCoursePaymentSchema = z.object({
  reference: z.string(),
  method: z.enum(["card", "mpaisa"]),
  amountCents: z.number(),
  /** Card: the secret the provider's card field confirms with. */
  clientSecret: z.nullable(z.string()),
  /** M-PAiSA: the gateway's payment page. */
  checkoutUrl: z.nullable(z.string()),
});
export type StartedCoursePayment = z.input<typeof StartedCoursePaymentSchema>;

export const CoursePaymentReferenceSchema = z.object({
  reference: z.string().check(z.regex(/^CFP-[A-Z2-7]{10}$/, "Not found")),
});

/** GET /api/training/course-payments/:reference: what the page follows after paying. */
export const CoursePaymentStateSchema = z.object({
  reference: z.string(),
  status: z.enum(COURSE_PAYMENT_STATUSES),
  placeId: z.nullable(z.number()),
  placeState: z.nullable(z.enum(SEAT_STATES)),
});
export type CoursePaymentState = z.input<typeof CoursePaymentStateSchema>;

// Staff's side.

const receiptNumber = requiredText(100, "Receipt number");

/** POST /api/admin/places/:id/payments: a bank transfer or cash payment staff received. */
export const RecordCoursePaymentSchema = z.object({
  method: z.enum(["bank", "cash"], { error: "Method must be bank or cash" }),
  amountCents: z
    .number({ error: "Amount must be a number" })
    .check(z.int("Amount must be in whole cents"), z.gt(0, "Amount must be more than 0")),
  receiptNumber,
});

/** POST /api/admin/places/:id/confirm: confirm without payment, with the reason for the audit log. */
export const ConfirmWithoutPaymentSchema = z.object({ reason: requiredText(500, "Reason") });

/** POST /api/admin/course-refunds/:id/approve: wallet and manual payments name the reversal's receipt. */
export const ApproveRefundSchema = z.object({ receiptNumber: z.optional(receiptNumber) });
/** POST /api/admin/course-refunds/:id/reject */
export const RejectRefundSchema = z.object({ reason: requiredText(500, "Reason") });

export const StaffCoursePaymentSchema = z.object({
  id: z.number(),
  reference: z.string(),
  seatId: z.nullable(z.number()),
  intakeId: z.nullable(z.number()),
  email: z.nullable(z.string()),
  kind: z.enum(COURSE_PAYMENT_KINDS),
  method: z.enum(COURSE_PAYMENT_METHODS),
  amountCents: z.number(),
  vatCents: z.number(),
  status: z.enum(COURSE_PAYMENT_STATUSES),
  providerReference: z.nullable(z.string()),
  receiptNumber: z.nullable(z.string()),
  recordedBy: z.nullable(z.string()),
  note: z.nullable(z.string()),
  paidAt: z.nullable(timestamp),
  /** Set while (and after) the payer disputes a card payment with their bank: an open status flags the place. */
  disputeStatus: z.nullable(z.string()),
  createdAt: timestamp,
});

export const StaffRefundSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  amountCents: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  refundReference: z.nullable(z.string()),
  /** "provider": made at the card provider (Stripe's dashboard, a lost dispute), not asked here. */
  origin: z.enum(["site", "provider"]),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(timestamp),
  createdAt: timestamp,
  method: z.enum(COURSE_PAYMENT_METHODS),
  email: z.nullable(z.string()),
  seatId: z.nullable(z.number()),
});
export const StaffRefundListSchema = z.array(StaffRefundSchema);
export const RefundListQuerySchema = z.object({ status: z.optional(z.enum(REFUND_STATUSES)) });

/** GET /api/admin/places/:id/payments */
export const PlacePaymentsSchema = z.object({
  paidCents: z.number(),
  dueCents: z.number(),
  payments: z.array(StaffCoursePaymentSchema),
  refunds: z.array(StaffRefundSchema),
});
