// A button beside a heading that runs one action at once (sync the sheet, log out): outline and small, with a
// spinner and its own text while the action runs.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PendingButton } from "@/components/ui/pending-button";

interface ActionButtonProps {
  /** The action's mutation (it takes no input). */
  action: { mutate: () => void; isPending: boolean };
  icon: LucideIcon;
  /** The text while it runs, e.g. "Syncing...". */
  pendingText: string;
  children: ReactNode;
}

export function ActionButton({ action, icon: Icon, pendingText, children }: ActionButtonProps) {
  return (
    <PendingButton
      variant="outline"
      size="sm"
      onClick={() => action.mutate()}
      pending={action.isPending}
      icon={<Icon aria-hidden="true" />}
      pendingText={pendingText}
    >
      {children}
    </PendingButton>
  );
}
