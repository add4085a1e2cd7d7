// What a save, publish or restore refused as stale shows: the server's message (someone else changed the content
// meanwhile) and "Reload", which shows their draft in place of what this view held.
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { PendingButton } from "@/components/ui/pending-button";

export function StaleAlert({ message, onReload }: { message: string; onReload: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      <span className="flex-1">{message}</span>
      <PendingButton
        type="button"
        size="sm"
        variant="outline"
        pending={pending}
        pendingText="Reloading..."
        icon={<RefreshCw aria-hidden="true" />}
        onClick={async () => {
          setPending(true);
          try {
            await onReload();
          } finally {
            setPending(false);
          }
        }}
      >
        Reload
      </PendingButton>
    </div>
  );
}
