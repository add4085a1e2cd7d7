// While PAYMENTS_SANDBOX is on (only ever on this machine: server/env.ts), every payment page says plainly that no
// real money moves, so nobody mistakes a demonstration for a purchase.
import { FlaskConical } from "lucide-react";
import { usePaymentsConfig } from "./use-payments-config";

export function SandboxBanner() {
  const config = usePaymentsConfig();
  if (!config.data?.sandbox) return null;
  return (
    <div
      role="status"
      className="mt-4 flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Sandbox: no real money.</strong> Payments on this server are
        simulated for demonstrations; nothing is charged and nothing real is bought.
      </p>
    </div>
  );
}
