// "Cancel my place": a dialog that first says what the refund rules give back today (or, with nothing paid, that the
// seat is simply freed), then frees the place when the person confirms.
import type { Application } from "@shared/applicant";
import { formatFjd } from "@shared/money-format";
import { formatIntakeDates } from "@shared/training";
import { XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { useCancelPlace } from "./my-training-api";

/** What cancelling gives back, in words, from the refund the server worked out under the rules. */
export function refundText(cancel: NonNullable<Application["cancel"]>, waitlisted: boolean): string {
  if (cancel.paidCents === 0) {
    return waitlisted
      ? "Nothing has been paid, so nothing is refunded: you leave the waitlist."
      : "Nothing has been paid, so nothing is refunded: your seat is freed for the next person.";
  }
  const paid = `You have paid ${formatFjd(cancel.paidCents)}.`;
  if (cancel.rule === "full") return `${paid} Cancelling now refunds all of it.`;
  if (cancel.rule === "partial") {
    return `${paid} Cancelling now refunds ${cancel.percent}% of it: ${formatFjd(cancel.refundCents)}.`;
  }
  return `${paid} This close to the start, the refund rules give nothing back.`;
}

export function CancelPlaceDialog({ application }: { application: Application }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelPlace();
  const { placeId, intake } = application;
  if (!application.cancel || placeId === null) return null;
  const text = refundText(application.cancel, application.status === "waitlisted");

  function confirm() {
    if (placeId === null || cancel.isPending) return;
    cancel.mutate(placeId, {
      onSuccess: (done) => {
        setOpen(false);
        toast({ title: "Place cancelled", description: done.message });
      },
      onError: (error) =>
        toast({
          title: "Could not cancel",
          description: serverMessage(error) ?? "Please try again in a moment, or contact us.",
          variant: "destructive",
        }),
    });
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <XCircle aria-hidden="true" />
          Cancel my place
        </Button>
      }
      title="Cancel your place?"
      description={`${application.courseTitle} course${intake ? `, ${formatIntakeDates(intake)}, ${intake.location}` : ""}.`}
    >
      <p className="text-sm text-slate-700">{text}</p>
      <DialogActions closeLabel="Keep my place">
        <PendingButton
          variant="destructive"
          pending={cancel.isPending}
          pendingText="Cancelling..."
          icon={<XCircle aria-hidden="true" />}
          onClick={confirm}
        >
          Cancel my place
        </PendingButton>
      </DialogActions>
    </DialogFrame>
  );
}
