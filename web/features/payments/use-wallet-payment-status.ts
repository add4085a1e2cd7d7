// The status panel follows a wallet payment until it is final: GET /api/mpaisa-payments/:id every few seconds
// while the payer approves on M-PAiSA's payment page (or scans the QR code), for a while and no longer.
import type { WalletPaymentState, WalletPaymentStatus } from "@shared/contracts/payments";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/api";
import { apiRequest } from "@/lib/query-client";

export type { WalletPaymentState, WalletPaymentStatus };

export const WALLET_POLL_INTERVAL_MS = 3000;
/** Longer than any payer takes to approve; past it the page stops asking and offers to check again. */
export const WALLET_POLL_WINDOW_MS = 10 * 60_000;

export const isFinalStatus = (status: string | undefined) => status === "completed" || status === "failed";

/** The id to follow from a create answer: our reference when the server gave one, else the provider's id. */
export function trackingId(response: { transactionId?: string; reference?: unknown }): string | null {
  if (typeof response.reference === "string" && response.reference) return response.reference;
  return response.transactionId || null;
}

/** An HTTP error (not a dropped connection): asking again would get the same answer, so polling stops. */
const isHttpError = (error: unknown) => error instanceof ApiError;

/**
 * The payment's latest state while `id` is set. `expired` turns true when the window passes with the payment still
 * pending; `checkAgain` opens a new window.
 */
export function useWalletPaymentStatus(id: string | null) {
  // Expiry belongs to one payment: a new payment gets a fresh window.
  const [expiry, setExpiry] = useState({ id, expired: false });
  const expired = expiry.id === id && expiry.expired;

  const query = useQuery({
    queryKey: ["/api/mpaisa-payments", id],
    queryFn: async () => {
      const res = await apiRequest("GET", `/api/mpaisa-payments/${encodeURIComponent(id ?? "")}`);
      return (await res.json()) as WalletPaymentState;
    },
    enabled: id !== null,
    staleTime: 0,
    // The payer is in another app or tab while this runs, so it must not pause when the tab is hidden.
    refetchIntervalInBackground: true,
    refetchInterval: (q) => {
      if (isFinalStatus(q.state.data?.status) || isHttpError(q.state.error)) return false;
      return expired ? false : WALLET_POLL_INTERVAL_MS;
    },
  });

  const settled = isFinalStatus(query.data?.status) || isHttpError(query.error);
  useEffect(() => {
    if (id === null || settled || expired) return;
    const timer = setTimeout(() => setExpiry({ id, expired: true }), WALLET_POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [id, settled, expired]);

  return {
    data: query.data,
    expired: expired && !settled,
    checkAgain: () => {
      setExpiry({ id, expired: false });
      void query.refetch();
    },
  };
}
