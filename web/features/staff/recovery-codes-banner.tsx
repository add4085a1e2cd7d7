// Shown on the dashboard while the signed-in staff member still holds recovery codes of the older kind (ADR 019's
// SHA-256 codes; ADR 051): they keep working, but a new set is asked for.
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { securityQueries } from "@/features/staff/api-security";

export function RecoveryCodesBanner({ onOpenSecurity }: { onOpenSecurity: () => void }) {
  const account = useQuery(securityQueries.account());
  if (!account.data?.recoveryCodesOutdated) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Your two-factor recovery codes are of an older kind. Please make a new set under Account security.
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onOpenSecurity}>
        Make new recovery codes
      </Button>
    </div>
  );
}
