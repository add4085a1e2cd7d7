// The foot of each settings form: the form's one error box, then its Save button, busy while saving.
import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { FormAlert } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";

export function SaveRow({
  error,
  pending,
  children,
}: {
  error?: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert boxed message={error} />
      <PendingButton
        type="submit"
        pending={pending}
        icon={<Save aria-hidden="true" />}
        pendingText="Saving..."
        className="justify-self-start"
      >
        {children}
      </PendingButton>
    </>
  );
}
