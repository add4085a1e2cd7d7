// The foot of each settings form: the form's one error box, then its Save button, busy while saving. Every settings
// save is an owner's (the server refuses staff): to anyone else the button shows disabled, with the reason beside it.
import { Save } from "lucide-react";
import { type ReactNode, useId } from "react";
import { FormAlert } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";
import { useIsOwner } from "@/features/staff-accounts/use-owner";

export function SaveRow({
  error,
  pending,
  ownerOnly,
  children,
}: {
  error?: string;
  pending: boolean;
  /** Why a staff member who is not an owner cannot save, e.g. "Only the owner can change company details." */
  ownerOnly: string;
  children: ReactNode;
}) {
  const owner = useIsOwner();
  const reasonId = useId();
  return (
    <>
      <FormAlert boxed message={error} />
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          type="submit"
          pending={pending}
          disabled={!owner || pending}
          aria-describedby={owner ? undefined : reasonId}
          icon={<Save aria-hidden="true" />}
          pendingText="Saving..."
        >
          {children}
        </PendingButton>
        {!owner && (
          <p id={reasonId} className="text-sm text-slate-700">
            {ownerOnly}
          </p>
        )}
      </div>
    </>
  );
}
