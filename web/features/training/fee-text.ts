// How staff's course-fee screens name payment methods, kinds and statuses.
import type {
  CoursePaymentKind,
  CoursePaymentMethod,
  CoursePaymentStatus,
  RefundStatus,
} from "@shared/course-payment";

export const METHOD_TEXT: Record<CoursePaymentMethod, string> = {
  card: "Card",
  mpaisa: "M-PAiSA",
  bank: "Bank transfer",
  cash: "Cash",
  none: "No payment",
};

export const KIND_TEXT: Record<CoursePaymentKind, string> = {
  deposit: "Deposit",
  full: "Full fee",
  balance: "Balance",
  bank: "Recorded by staff",
  cash: "Recorded by staff",
  waived: "Confirmed without payment",
};

export const PAYMENT_STATUS_TEXT: Record<CoursePaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};

export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  refunded: "Refunded",
  rejected: "Rejected",
};

/**
 * A card payment's dispute as staff read it beside its status (server/training/fee-card-changes.ts): flagged while
 * the bank has not decided, then how it ended; null when the payment was never disputed.
 */
export function disputeText(status: string | null): string | null {
  if (status === null) return null;
  if (status === "won") return "Dispute won";
  if (status === "lost") return "Dispute lost";
  return status.endsWith("needs_response") ? "Disputed: answer in Stripe" : "Disputed: under review";
}
