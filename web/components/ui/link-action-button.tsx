// The one button of a page that an e-mailed link opens (sign-in confirmation, address confirmation). Mail scanners
// follow links, so opening the page changes nothing: only this button acts.
import type { ReactNode } from "react";
import { PendingButton } from "./pending-button";

export function LinkActionButton({
  pending,
  icon,
  onAct,
  children,
}: {
  pending: boolean;
  icon: ReactNode;
  onAct: () => void;
  children: ReactNode;
}) {
  return (
    <PendingButton
      size="lg"
      className="w-full"
      pending={pending}
      icon={icon}
      pendingText="Confirming..."
      onClick={() => {
        if (!pending) onAct();
      }}
    >
      {children}
    </PendingButton>
  );
}
