import type { PaymentsConfig } from "@shared/payment";
import { useQuery } from "@tanstack/react-query";

/** GET /api/payments/config: demo or provider checkout on /payment. Read once per visit (data never goes stale). */
export function usePaymentsConfig() {
  return useQuery<PaymentsConfig>({ queryKey: ["/api/payments/config"] });
}
