// Close, reopen and cancel an intake, each asked first. Closing stops applications (places stay); cancelling ends
// every place and e-mails every applicant, so it says so and cannot be undone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, DoorClosed, DoorOpen } from "lucide-react";
import { ConfirmDialog, useConfirmDialog } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { intakeTitle } from "./intake-text";
import { type IntakeAction, invalidateTraining, type StaffIntake, trainingApi } from "./staff-api";

const DONE: Record<IntakeAction, string> = {
  close: "Intake closed",
  reopen: "Intake reopened",
  cancel: "Intake cancelled",
};

function useIntakeAction(intake: StaffIntake, action: IntakeAction, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trainingApi.actOnIntake(intake.id, action),
    onSuccess: async (saved) => {
      onDone();
      toast({
        title: DONE[action],
        description:
          action === "cancel" ? "Every applicant is being e-mailed." : intakeTitle({ ...intake, ...saved }),
      });
      await invalidateTraining.intakes(queryClient);
    },
    onError: async (error) => {
      if (toastFailure(`Could not ${action} the intake`, error))
        await invalidateTraining.intakes(queryClient);
    },
  });
}

/** Close while the intake is open, reopen while it is closed: one button that stays where the focus returns. */
function OpenCloseDialog({ intake }: { intake: StaffIntake }) {
  const dialog = useConfirmDialog();
  const closing = intake.status === "open";
  const act = useIntakeAction(intake, closing ? "close" : "reopen", () => dialog.setOpen(false));
  const title = intakeTitle(intake);
  return (
    <ConfirmDialog
      dialog={dialog}
      pending={act.isPending}
      trigger={
        <>
          {closing ? <DoorClosed aria-hidden="true" /> : <DoorOpen aria-hidden="true" />}
          {closing ? "Close intake" : "Reopen intake"}
          <span className="sr-only"> {title}</span>
        </>
      }
      title={closing ? "Close this intake?" : "Reopen this intake?"}
      description={
        closing
          ? `${title} stops taking applications. People who have a place keep it, and you can reopen the intake at any time.`
          : `${title} takes applications again.`
      }
      confirmLabel={closing ? "Close intake" : "Reopen intake"}
      pendingLabel={closing ? "Closing..." : "Reopening..."}
      onConfirm={() => act.mutate()}
    />
  );
}

function CancelDialog({ intake }: { intake: StaffIntake }) {
  const dialog = useConfirmDialog();
  const act = useIntakeAction(intake, "cancel", () => dialog.finish());
  const title = intakeTitle(intake);
  const people = intake.held + intake.offered + intake.confirmed + intake.waitlisted;
  return (
    <ConfirmDialog
      dialog={dialog}
      pending={act.isPending}
      trigger={
        <>
          <Ban aria-hidden="true" />
          Cancel intake
          <span className="sr-only"> {title}</span>
        </>
      }
      title="Cancel this intake?"
      description={
        <>
          <span className="font-medium text-slate-900">{title}</span> is cancelled and every applicant is
          e-mailed ({people === 1 ? "1 person" : `${people} people`} with a place or on the waitlist), with
          the other open intakes of the course they can move to. This cannot be undone.
        </>
      }
      confirmLabel="Cancel intake"
      pendingLabel="Cancelling..."
      confirmVariant="destructive"
      onConfirm={() => act.mutate()}
    />
  );
}

export function IntakeStatusActions({ intake }: { intake: StaffIntake }) {
  if (intake.status === "cancelled") return null;
  return (
    <>
      <OpenCloseDialog intake={intake} />
      <CancelDialog intake={intake} />
    </>
  );
}
