import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface WalletSubmitButtonProps {
  pending: boolean;
  icon: ReactNode;
  /** The text while the request runs, e.g. "Processing...". */
  pendingText: string;
  children: ReactNode;
}

/** The M-PAiSA forms' submit button: it keeps its icon and changes its text while the request runs. */
export function WalletSubmitButton({ pending, icon, pendingText, children }: WalletSubmitButtonProps) {
  return (
    <div>
      <Button type="submit" size="lg" variant="accent" disabled={pending} className="w-full sm:w-auto">
        {icon}
        {pending ? pendingText : children}
      </Button>
    </div>
  );
}
