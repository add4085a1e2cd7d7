// While PAYMENTS_SANDBOX is on (only ever on this machine: server/env.ts), every payment page says plainly that no
// real money moves, so nobody mistakes a demonstration for a purchase.
import { PaymentNote } from "./payment-note";
import { usePaymentsConfig } from "./use-payments-config";

export function SandboxBanner() {
  const config = usePaymentsConfig();
  if (!config.data?.sandbox) return null;
  return (
    <PaymentNote role="status" tone="sandbox" title="Sandbox: no real money.">
      Payments on this server are simulated for demonstrations; nothing is charged and nothing real is bought.
    </PaymentNote>
  );
}
